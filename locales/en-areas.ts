/**
 * The English texts of every area behind sign-in, one file per area (locales/en/*.json): fetched by
 * web/lib/i18n.ts before the signed-in app renders (the first page carries only locales/en.ts). The server and
 * the tests read them through locales/index.ts.
 *
 * A new area registers here, one line (its twin goes in locales/fr-areas.ts): `export { default as myArea } from
 * './en/my-area.json';`. The locale guard (web/i18n.unit.test.ts) fails on a file registered nowhere.
 */
export { default as access } from './en/access.json';
export { default as activities } from './en/activities.json';
export { default as activityEdition } from './en/activity-edition.json';
export { default as activityHosts } from './en/activity-hosts.json';
export { default as activityImport } from './en/activity-import.json';
export { default as activityLink } from './en/activity-link.json';
export { default as activityMembers } from './en/activity-members.json';
export { default as activityTables } from './en/activity-tables.json';
export { default as audit } from './en/audit.json';
export { default as b2b } from './en/b2b.json';
export { default as bills } from './en/bills.json';
export { default as calendar } from './en/calendar.json';
export { default as campaignSending } from './en/campaign-sending.json';
export { default as campaigns } from './en/campaigns.json';
export { default as charts } from './en/charts.json';
export { default as conflicts } from './en/conflicts.json';
export { default as dashboard } from './en/dashboard.json';
export { default as editor } from './en/editor.json';
export { default as groups } from './en/groups.json';
export { default as help } from './en/help.json';
export { default as images } from './en/images.json';
export { default as mail } from './en/mail.json';
export { default as mailTemplates } from './en/mail-templates.json';
export { default as notifications } from './en/notifications.json';
export { default as organisation } from './en/organisation.json';
export { default as pairingMeetings } from './en/pairing-meetings.json';
export { default as pairingSeats } from './en/pairing-seats.json';
export { default as pairings } from './en/pairings.json';
export { default as participantAgenda } from './en/participant-agenda.json';
export { default as participantImport } from './en/participant-import.json';
export { default as participants } from './en/participants.json';
export { default as payments } from './en/payments.json';
export { default as personalPage } from './en/personal-page.json';
export { default as phone } from './en/phone.json';
export { default as profileFields } from './en/profile-fields.json';
export { default as projectConfig } from './en/project-config.json';
export { default as promoCodes } from './en/promo-codes.json';
export { default as publicRegistration } from './en/public-registration.json';
export { default as questions } from './en/questions.json';
export { default as registration } from './en/registration.json';
export { default as releases } from './en/releases.json';
export { default as report } from './en/report.json';
export { default as roles } from './en/roles.json';
export { default as sales } from './en/sales.json';
export { default as scores } from './en/scores.json';
export { default as sorting } from './en/sorting.json';
export { default as stripe } from './en/stripe.json';
export { default as taxes } from './en/taxes.json';
export { default as unsubscribe } from './en/unsubscribe.json';
export { default as users } from './en/users.json';
export { default as wizard } from './en/wizard.json';
