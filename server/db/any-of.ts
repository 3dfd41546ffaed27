import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1::uuid[])`: one parameter for a whole list of ids, where `inArray` writes one per id (a campaign
 * to 10,000 participants would send 10,000 parameters, and PostgreSQL takes at most 65,535).
 */
export const anyOf = (column: AnyColumn | SQL, ids: readonly string[]): SQL =>
  sql`${column} = any(${sql.param([...ids])}::uuid[])`;
