import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { projects, roles } from '../db/schema';

/** The roles every demo project starts with, in order; the first is the default role. */
export const DEMO_ROLES: [fr: string, en: string][] = [
  ['Acheteur', 'Buyer'],
  ['Exposant', 'Exhibitor'],
  ['Visiteur', 'Visitor'],
];

/** J4: three bilingual roles per project of the demo companies (`companyIds`), the first as default. */
export async function seedRoles(db: Executor, companyIds: string[]) {
  const all = await db
    .select({ id: projects.id, companyId: projects.companyId })
    .from(projects)
    .where(inArray(projects.companyId, companyIds));
  if (all.length === 0) return;
  await db.insert(roles).values(
    all.flatMap((project) =>
      DEMO_ROLES.map(([fr, en], position) => ({
        companyId: project.companyId,
        projectId: project.id,
        nameFr: fr,
        nameEn: en,
        position,
      })),
    ),
  );
  await db.execute(sql`
    update ${projects} set default_role_id = r.id
    from ${roles} r
    where r.project_id = ${projects}.id and r.position = 0 and ${projects}.default_role_id is null
      and ${inArray(projects.companyId, companyIds)}`);
}
