import { type AnyColumn, asc, type SQL, sql } from 'drizzle-orm';
import { humanOrder, orderBy } from '../../db/list';
import { participants, persons, roles } from '../../db/schema';
import type { ParticipantListParams } from './repository';

/** The columns a list row is sorted by: the tables' own, or a statement's copies of them (the report's matches). */
export interface SortColumns {
  lastName: AnyColumn | SQL;
  firstName: AnyColumn | SQL;
  email: AnyColumn | SQL;
  organisation: AnyColumn | SQL;
  roleNameFr: AnyColumn | SQL;
  roleNameEn: AnyColumn | SQL;
  createdAt: AnyColumn | SQL;
  id: AnyColumn | SQL;
}

export const sortColumns: SortColumns = {
  lastName: persons.lastName,
  firstName: persons.firstName,
  email: persons.email,
  organisation: persons.organisation,
  roleNameFr: roles.nameFr,
  roleNameEn: roles.nameEn,
  createdAt: participants.createdAt,
  id: participants.id,
};

export function listOrder(params: ParticipantListParams, c: SortColumns = sortColumns): SQL[] {
  const roleName = params.language === 'en' ? c.roleNameEn : c.roleNameFr;
  // With a search, the names are sorted after the search has found its (few) people, never read in name order
  // through persons_company_names_idx: PostgreSQL takes a search to match about 2 % of the company, and walking
  // the index while filtering every row read the whole company when the matches sat late in the alphabet (400 ms
  // instead of 20 at 100,000 participants). `|| ''` keeps the order and hides the index.
  const lastName = params.q?.trim() ? sql`(${c.lastName} || '')` : c.lastName;
  return orderBy(
    params,
    {
      lastName: humanOrder(lastName),
      firstName: humanOrder(c.firstName),
      email: c.email,
      organisation: humanOrder(sql`coalesce(${c.organisation}, '')`),
      role: humanOrder(roleName),
      createdAt: c.createdAt,
    },
    [asc(humanOrder(lastName)), asc(humanOrder(c.firstName))],
    c.id,
  );
}
