/** Every text in English, merged from one file per area (locales/en/*.json). */

import { merge } from './catalogue';
import enActivities from './en/activities.json';
import enActivityEdition from './en/activity-edition.json';
import enActivityHosts from './en/activity-hosts.json';
import enActivityImport from './en/activity-import.json';
import enActivityLink from './en/activity-link.json';
import enActivityMembers from './en/activity-members.json';
import enActivityTables from './en/activity-tables.json';
import enB2b from './en/b2b.json';
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
  enActivityHosts,
  enActivityImport,
  enActivityLink,
  enActivityMembers,
  enActivityTables,
  enCalendar,
  enActivityEdition,
  enB2b,
);
