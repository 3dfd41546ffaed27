import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, users } from '../../db/schema';

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ user: users, companyArchivedAt: companies.archivedAt })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(db: Executor, row: typeof users.$inferInsert) {
  const [created] = await db.insert(users).values(row).returning();
  return created;
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<Pick<typeof users.$inferInsert, 'locale' | 'lastProjectId'>>,
) {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}
