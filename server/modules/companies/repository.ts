import { and, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import { companies, companySwitches, projects, users } from '../../db/schema';

/**
 * Columns qualified by hand: in a select from one table drizzle writes columns without their table, and
 * `"company_id" = "id"` inside the subquery would compare each project (or user) row with itself.
 */
const ref = (table: typeof projects | typeof users | typeof companies, column: { name: string }) =>
  sql`${table}.${sql.identifier(column.name)}`;
const projectCount = sql<number>`(select count(*)::int from ${projects} where ${ref(projects, projects.companyId)} = ${ref(companies, companies.id)})`;
const userCount = sql<number>`(select count(*)::int from ${users} where ${ref(users, users.companyId)} = ${ref(companies, companies.id)})`;

const columns = {
  id: companies.id,
  name: companies.name,
  contactEmail: companies.contactEmail,
  isDemo: companies.isDemo,
  archivedAt: companies.archivedAt,
  createdAt: companies.createdAt,
  projectCount,
  userCount,
};

export async function findCompany(db: Executor, id: string) {
  const [row] = await db.select(columns).from(companies).where(eq(companies.id, id));
  return row;
}

/** Compared with the database's lower() on both sides, exactly as the unique index companies_name_key does. */
export async function findCompanyByName(db: Executor, name: string) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(sql`lower(${companies.name})`, sql`lower(${name})`));
  return row;
}

export async function listCompanies(
  db: Executor,
  params: ListParams & { status: 'active' | 'archived' | 'all' },
) {
  const status: SQL | undefined =
    params.status === 'active'
      ? isNull(companies.archivedAt)
      : params.status === 'archived'
        ? isNotNull(companies.archivedAt)
        : undefined;
  const where = and(status, searchCondition(params.q, [companies.name, companies.contactEmail]));
  const order = orderBy(
    params,
    { name: humanOrder(companies.name), createdAt: companies.createdAt, projectCount },
    [humanOrder(companies.name)],
    companies.id,
  );
  return listPage(
    params,
    ({ limit, offset }) =>
      db
        .select(columns)
        .from(companies)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(companies).where(where))[0].n,
  );
}

export async function listActiveCompanyChoices(db: Executor) {
  return db
    .select({ id: companies.id, name: companies.name, isDemo: companies.isDemo })
    .from(companies)
    .where(isNull(companies.archivedAt))
    .orderBy(humanOrder(companies.name));
}

export async function insertCompany(db: Executor, row: typeof companies.$inferInsert) {
  const [created] = await db.insert(companies).values(row).returning({ id: companies.id });
  return created.id;
}

export async function updateCompany(db: Executor, id: string, patch: Partial<typeof companies.$inferInsert>) {
  await db
    .update(companies)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(companies.id, id));
}

export async function deleteCompany(db: Executor, id: string) {
  await db.delete(companies).where(eq(companies.id, id));
}

export async function listCompanySwitches(db: Executor, params: ListParams) {
  const where = searchCondition(params.q, [
    companySwitches.userEmail,
    companySwitches.fromCompanyName,
    companySwitches.toCompanyName,
  ]);
  const order = orderBy(
    params,
    { switchedAt: companySwitches.switchedAt, userEmail: companySwitches.userEmail },
    [sql`${companySwitches.switchedAt} desc`],
    companySwitches.id,
  );
  return listPage(
    params,
    ({ limit, offset }) =>
      db
        .select({
          id: companySwitches.id,
          userEmail: companySwitches.userEmail,
          fromCompanyName: companySwitches.fromCompanyName,
          toCompanyName: companySwitches.toCompanyName,
          switchedAt: companySwitches.switchedAt,
        })
        .from(companySwitches)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(companySwitches).where(where))[0].n,
  );
}
