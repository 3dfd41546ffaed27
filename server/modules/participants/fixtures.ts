import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { projects, roles } from '../../db/schema';

/** What the participant API tests share: rows written straight into the tables (their screens are tested elsewhere). */

/** The company of a project. */
export async function companyOf(db: Executor, projectId: string) {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  return row.companyId;
}

/** A role of a project; its id. */
export async function insertRole(db: Executor, projectId: string, fr: string, en: string, position = 0) {
  const companyId = await companyOf(db, projectId);
  const [row] = await db
    .insert(roles)
    .values({ companyId, projectId, nameFr: fr, nameEn: en, position })
    .returning();
  return row.id;
}
