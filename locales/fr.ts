/** Every text in French (Québec), merged from one file per area (locales/fr/*.json). */

import { merge } from './catalogue';
import frActivities from './fr/activities.json';
import frActivityEdition from './fr/activity-edition.json';
import frActivityHosts from './fr/activity-hosts.json';
import frActivityImport from './fr/activity-import.json';
import frActivityLink from './fr/activity-link.json';
import frActivityMembers from './fr/activity-members.json';
import frActivityTables from './fr/activity-tables.json';
import frB2b from './fr/b2b.json';
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
  frActivityHosts,
  frActivityImport,
  frActivityLink,
  frActivityMembers,
  frActivityTables,
  frCalendar,
  frActivityEdition,
  frB2b,
);
