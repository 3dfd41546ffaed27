/** The persons of a company (one per e-mail), whom participants register in projects; re-exported by repository.ts. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { persons } from '../../db/schema';

export type PersonRow = typeof persons.$inferSelect;
export type PersonFields = Pick<
  typeof persons.$inferInsert,
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'organisation'
  | 'jobTitle'
  | 'phone'
  | 'phonePro'
  | 'language'
  | 'pictureFileId'
  | 'cvFileId'
  | 'videoUrl'
>;

/** The person of the company known by this e-mail (case ignored). */
export async function findPersonByEmail(db: Executor, companyId: string, email: string) {
  const [row] = await db
    .select()
    .from(persons)
    .where(and(eq(persons.companyId, companyId), eq(sql`lower(${persons.email})`, email.toLowerCase())));
  return row;
}

export async function insertPerson(db: Executor, companyId: string, fields: PersonFields) {
  const [row] = await db
    .insert(persons)
    .values({ ...fields, companyId })
    .returning();
  return row;
}

export async function updatePerson(
  db: Executor,
  companyId: string,
  id: string,
  fields: Partial<PersonFields>,
) {
  await db
    .update(persons)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(persons.companyId, companyId), eq(persons.id, id)));
}

/** Another person of the company already uses this e-mail. */
export async function emailTakenByOther(db: Executor, companyId: string, personId: string, email: string) {
  const [row] = await db
    .select({ id: persons.id })
    .from(persons)
    .where(
      and(
        eq(persons.companyId, companyId),
        ne(persons.id, personId),
        eq(sql`lower(${persons.email})`, email.toLowerCase()),
      ),
    );
  return Boolean(row);
}
