/**
 * The catalogue, French and English, merged from one file per area so that areas can grow side by side.
 * Two files may share a branch (`errors`) but never a leaf: a clash throws at start, and the locale guard test names it.
 */
import enActivities from './en/activities.json';
import enActivityHosts from './en/activity-hosts.json';
import enActivityLink from './en/activity-link.json';
import enActivityMembers from './en/activity-members.json';
import enActivityTables from './en/activity-tables.json';
import enCalendar from './en/calendar.json';
import enCore from './en/core.json';
import enEditor from './en/editor.json';
import enGroups from './en/groups.json';
import enHelp from './en/help.json';
import enImages from './en/images.json';
import enMail from './en/mail.json';
import enOrganisation from './en/organisation.json';
import enParticipantImport from './en/participant-import.json';
import enParticipants from './en/participants.json';
import enPhone from './en/phone.json';
import enProfileFields from './en/profile-fields.json';
import enProjectConfig from './en/project-config.json';
import enReleases from './en/releases.json';
import enRoles from './en/roles.json';
import enSorting from './en/sorting.json';
import enWizard from './en/wizard.json';
import frActivities from './fr/activities.json';
import frActivityHosts from './fr/activity-hosts.json';
import frActivityLink from './fr/activity-link.json';
import frActivityMembers from './fr/activity-members.json';
import frActivityTables from './fr/activity-tables.json';
import frCalendar from './fr/calendar.json';
import frCore from './fr/core.json';
import frEditor from './fr/editor.json';
import frGroups from './fr/groups.json';
import frHelp from './fr/help.json';
import frImages from './fr/images.json';
import frMail from './fr/mail.json';
import frOrganisation from './fr/organisation.json';
import frParticipantImport from './fr/participant-import.json';
import frParticipants from './fr/participants.json';
import frPhone from './fr/phone.json';
import frProfileFields from './fr/profile-fields.json';
import frProjectConfig from './fr/project-config.json';
import frReleases from './fr/releases.json';
import frRoles from './fr/roles.json';
import frSorting from './fr/sorting.json';
import frWizard from './fr/wizard.json';

export type Catalogue = { [key: string]: string | Catalogue };

/** Deep merge; the same leaf in two files is a mistake, not an override. */
export function mergeCatalogues(parts: Catalogue[], path = ''): Catalogue {
  const out: Catalogue = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const here = path ? `${path}.${key}` : key;
      const existing = out[key];
      if (existing === undefined) {
        out[key] = typeof value === 'object' ? mergeCatalogues([value], here) : value;
      } else if (typeof existing === 'object' && typeof value === 'object') {
        out[key] = mergeCatalogues([existing, value], here);
      } else {
        throw new Error(`Locale key defined twice: ${here}`);
      }
    }
  }
  return out;
}

type Merged<T extends object[]> = T extends [infer A, ...infer R extends object[]] ? A & Merged<R> : unknown;
const merge = <T extends object[]>(...parts: T) => mergeCatalogues(parts as Catalogue[]) as Merged<T>;

export const fr = merge(
  frCore,
  frEditor,
  frHelp,
  frImages,
  frOrganisation,
  frPhone,
  frProjectConfig,
  frReleases,
  frSorting,
  frWizard,
  frRoles,
  frGroups,
  frProfileFields,
  frMail,
  frParticipants,
  frParticipantImport,
  frActivities,
  frActivityMembers,
  frActivityHosts,
  frActivityLink,
  frActivityTables,
  frCalendar,
);
export const en = merge(
  enCore,
  enEditor,
  enHelp,
  enImages,
  enOrganisation,
  enPhone,
  enProjectConfig,
  enReleases,
  enSorting,
  enWizard,
  enRoles,
  enGroups,
  enProfileFields,
  enMail,
  enParticipants,
  enParticipantImport,
  enActivities,
  enActivityMembers,
  enActivityHosts,
  enActivityLink,
  enActivityTables,
  enCalendar,
);

/** Québec French and Canadian English for dates, numbers and money. */
export const intlLocale = (lang: string) => (lang === 'en' ? 'en-CA' : 'fr-CA');

interface NumberFormatting {
  services: { formatter?: { add(name: string, fn: (value: unknown, lng?: string) => string): void } };
}

/**
 * `{{count, number}}` in the catalogue: the number grouped like the rest of the app (fr-CA « 2 500 », en-CA “2,500”),
 * where i18next's own formatter would read the bare language (`fr`) and group differently.
 */
export function formatNumbersPerLocale(instance: NumberFormatting) {
  instance.services.formatter?.add('number', (value, lng) =>
    new Intl.NumberFormat(intlLocale(lng ?? 'fr')).format(Number(value)),
  );
}
