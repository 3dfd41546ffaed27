/**
 * The Drizzle tables, one file per area in server/db/schema/ (named after the server modules), all re-exported here:
 * the rest of the code imports `db/schema`, and drizzle-kit reads this file (drizzle.config.ts).
 *
 * Short labels that lists show and sort (role, group and category names, field titles) are `_fr`/`_en` columns,
 * validated with `plainText` (contracts/texts.ts); long and rich texts live in the `texts` table.
 */
export * from './schema/access';
export * from './schema/activities';
export * from './schema/activity-hosts';
export * from './schema/activity-members';
export * from './schema/activity-tables';
export * from './schema/audit';
export * from './schema/calendar';
export * from './schema/campaigns';
export * from './schema/companies';
export * from './schema/dashboard';
export * from './schema/files';
export * from './schema/groups';
export * from './schema/help';
export * from './schema/mail';
export * from './schema/meetings';
export * from './schema/pairing-seats';
export * from './schema/pairings';
export * from './schema/participants';
export * from './schema/personal-pages';
export * from './schema/profile-fields';
export * from './schema/projects';
export * from './schema/questionnaire';
export * from './schema/releases';
export * from './schema/roles';
export * from './schema/sales';
export * from './schema/spreadsheet-import';
export * from './schema/texts';
export * from './schema/users';
