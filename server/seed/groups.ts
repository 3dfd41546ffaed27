import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { companies, groupCategories, groups, projects } from '../db/schema';

/** The first demo project (the first event of the demo company's list, server/seed/demo.ts). */
export const FIRST_DEMO_PROJECT = 'Journée B2B Montréal 2026';

const CATEGORIES: { name: [fr: string, en: string]; groups: [fr: string, en: string][] }[] = [
  {
    name: ['Secteurs d’activité', 'Industries'],
    groups: [
      ['Agroalimentaire', 'Food industry'],
      ['Technologies propres', 'Clean technology'],
      ['Santé', 'Health'],
    ],
  },
  {
    name: ['Régions', 'Regions'],
    groups: [
      ['Montréal', 'Montréal'],
      ['Québec', 'Québec City'],
      ['Ontario', 'Ontario'],
    ],
  },
];

/** The first demo project (its id and company), where the demo's groups and participants are; none outside a demo. */
export async function findFirstDemoProject(db: Executor) {
  const [project] = await db
    .select({ id: projects.id, companyId: projects.companyId })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(and(eq(companies.isDemo, true), eq(projects.nameFr, FIRST_DEMO_PROJECT)));
  return project;
}

/** U4: two categories of groups, in French and in English, for the first demo project. Owner: groups. */
export async function seedGroups(db: Executor) {
  const project = await findFirstDemoProject(db);
  if (!project) return;
  const scope = { companyId: project.companyId, projectId: project.id };
  for (const [position, category] of CATEGORIES.entries()) {
    const [row] = await db
      .insert(groupCategories)
      .values({ ...scope, nameFr: category.name[0], nameEn: category.name[1], position })
      .returning({ id: groupCategories.id });
    await db.insert(groups).values(
      category.groups.map(([nameFr, nameEn], index) => ({
        ...scope,
        categoryId: row.id,
        nameFr,
        nameEn,
        position: index,
      })),
    );
  }
}
