/**
 * J7: what the router reads on every page for the table assignment page's URL (kept apart from
 * contracts/activity-tables.ts so that the first page does not carry the tables' rules).
 */
export const tableParticipantSortable = ['name', 'email', 'role'] as const;
