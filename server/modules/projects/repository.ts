import { and, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Language, ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import { files, projectOptions, projects } from '../../db/schema';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectListParams = ListParams & {
  status: 'all' | 'active' | 'inactive';
  language: Language;
  /** A4: a user restricted to some projects lists only those (null: every project of the company). */
  onlyIds?: string[] | null;
};

/** Every query is scoped to one company: a project of another company is simply not found. */
export async function findProject(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, id)));
  return row;
}

const NO_PROJECT = '00000000-0000-0000-0000-000000000000';

export function projectListWhere(
  companyId: string,
  params: Pick<ProjectListParams, 'q' | 'status' | 'onlyIds'>,
) {
  const status: SQL | undefined =
    params.status === 'active'
      ? eq(projects.isActive, true)
      : params.status === 'inactive'
        ? eq(projects.isActive, false)
        : undefined;
  return and(
    eq(projects.companyId, companyId),
    status,
    params.onlyIds ? inArray(projects.id, params.onlyIds.length ? params.onlyIds : [NO_PROJECT]) : undefined,
    searchCondition(params.q, [projects.nameFr, projects.nameEn]),
  );
}

export function projectListOrder(params: ProjectListParams) {
  const name = params.language === 'en' ? projects.nameEn : projects.nameFr;
  return orderBy(
    params,
    {
      name: humanOrder(name),
      startsOn: projects.startsOn,
      endsOn: projects.endsOn,
      createdAt: projects.createdAt,
      isActive: projects.isActive,
    },
    [sql`${projects.startsOn} desc`],
    projects.id,
  );
}

export async function listProjects(db: Executor, companyId: string, params: ProjectListParams) {
  const where = projectListWhere(companyId, params);
  const order = projectListOrder(params);
  return listPage(
    params,
    ({ limit, offset }) =>
      db
        .select()
        .from(projects)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(projects).where(where))[0].n,
  );
}

export async function insertProject(db: Executor, row: typeof projects.$inferInsert) {
  const [created] = await db.insert(projects).values(row).returning();
  return created;
}

export async function setProjectsActive(db: Executor, companyId: string, ids: string[], isActive: boolean) {
  const updated = await db
    .update(projects)
    .set({ isActive, updatedAt: new Date() })
    .where(and(eq(projects.companyId, companyId), inArray(projects.id, ids)))
    .returning({ id: projects.id });
  return updated.length;
}

export async function updateProject(
  db: Executor,
  companyId: string,
  id: string,
  patch: Partial<typeof projects.$inferInsert>,
) {
  const [updated] = await db
    .update(projects)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
    .returning();
  return updated;
}

// ---------- J3: options and branding images ----------

/** The saved options of a project (the caller has checked that the project is in scope). */
export async function listOptionValues(db: Executor, projectId: string) {
  const rows = await db
    .select({ optionId: projectOptions.optionId, value: projectOptions.value })
    .from(projectOptions)
    .where(eq(projectOptions.projectId, projectId));
  return new Map(rows.map((r) => [r.optionId, r.value]));
}

export async function saveOptionValues(
  db: Executor,
  projectId: string,
  values: { optionId: number; value: boolean }[],
) {
  if (values.length === 0) return;
  await db
    .insert(projectOptions)
    .values(values.map((v) => ({ projectId, ...v })))
    .onConflictDoUpdate({
      target: [projectOptions.projectId, projectOptions.optionId],
      set: { value: sql`excluded.value`, updatedAt: new Date() },
    });
}

/**
 * An image of the company stored for `purpose`, free or already this project's: the only files a project's logo
 * or banner may point to. Another company's file, or one of another project, is not found.
 */
export async function findBrandingFile(
  db: Executor,
  companyId: string,
  fileId: string,
  purpose: string,
  projectId: string | null,
) {
  const [row] = await db
    .select({ id: files.id, projectId: files.projectId })
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        eq(files.companyId, companyId),
        eq(files.purpose, purpose),
        projectId ? or(isNull(files.projectId), eq(files.projectId, projectId)) : isNull(files.projectId),
      ),
    );
  return row;
}

/** Gives images uploaded before their project existed (the wizard) to that project. */
export async function attachFiles(db: Executor, companyId: string, projectId: string, fileIds: string[]) {
  if (fileIds.length === 0) return;
  await db
    .update(files)
    .set({ projectId })
    .where(and(eq(files.companyId, companyId), inArray(files.id, fileIds), isNull(files.projectId)));
}
