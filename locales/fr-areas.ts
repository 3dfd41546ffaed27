/**
 * The French (Québec) texts of every area behind sign-in, one file per area (locales/fr/*.json): fetched by
 * web/lib/i18n.ts before the signed-in app renders (the first page carries only locales/fr.ts). The server and
 * the tests read them through locales/index.ts.
 *
 * A new area registers here, one line (its twin goes in locales/en-areas.ts): `export { default as myArea } from
 * './fr/my-area.json';`. The locale guard (web/i18n.unit.test.ts) fails on a file registered nowhere.
 */
export { default as access } from './fr/access.json';
export { default as activities } from './fr/activities.json';
export { default as activityEdition } from './fr/activity-edition.json';
export { default as activityHosts } from './fr/activity-hosts.json';
export { default as activityImport } from './fr/activity-import.json';
export { default as activityLink } from './fr/activity-link.json';
export { default as activityMembers } from './fr/activity-members.json';
export { default as activityTables } from './fr/activity-tables.json';
export { default as audit } from './fr/audit.json';
export { default as b2b } from './fr/b2b.json';
export { default as bills } from './fr/bills.json';
export { default as calendar } from './fr/calendar.json';
export { default as campaignSending } from './fr/campaign-sending.json';
export { default as campaigns } from './fr/campaigns.json';
export { default as charts } from './fr/charts.json';
export { default as conflicts } from './fr/conflicts.json';
export { default as dashboard } from './fr/dashboard.json';
export { default as editor } from './fr/editor.json';
export { default as groups } from './fr/groups.json';
export { default as help } from './fr/help.json';
export { default as images } from './fr/images.json';
export { default as mail } from './fr/mail.json';
export { default as mailTemplates } from './fr/mail-templates.json';
export { default as notifications } from './fr/notifications.json';
export { default as organisation } from './fr/organisation.json';
export { default as pairingMeetings } from './fr/pairing-meetings.json';
export { default as pairingSeats } from './fr/pairing-seats.json';
export { default as pairings } from './fr/pairings.json';
export { default as participantAgenda } from './fr/participant-agenda.json';
export { default as participantImport } from './fr/participant-import.json';
export { default as participants } from './fr/participants.json';
export { default as payments } from './fr/payments.json';
export { default as personalPage } from './fr/personal-page.json';
export { default as phone } from './fr/phone.json';
export { default as profileFields } from './fr/profile-fields.json';
export { default as projectConfig } from './fr/project-config.json';
export { default as promoCodes } from './fr/promo-codes.json';
export { default as publicRegistration } from './fr/public-registration.json';
export { default as questions } from './fr/questions.json';
export { default as registration } from './fr/registration.json';
export { default as releases } from './fr/releases.json';
export { default as report } from './fr/report.json';
export { default as roles } from './fr/roles.json';
export { default as sales } from './fr/sales.json';
export { default as scores } from './fr/scores.json';
export { default as sorting } from './fr/sorting.json';
export { default as stripe } from './fr/stripe.json';
export { default as taxes } from './fr/taxes.json';
export { default as unsubscribe } from './fr/unsubscribe.json';
export { default as users } from './fr/users.json';
export { default as wizard } from './fr/wizard.json';
