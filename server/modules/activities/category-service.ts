import type { ActivityCategoryKind } from '../../../contracts/activities';
import type { Localized } from '../../../contracts/texts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** The project of the caller's company, or 404. */
export async function assertProject(db: Executor, auth: AuthContext, projectId: string) {
  const project = await findProject(db, auth.companyId, projectId);
  if (!project) throw AppError.notFound();
  return project;
}

// ---------- sections and categories ----------

const presentCategory = (row: repo.CategoryRow) => ({
  id: row.id,
  name: { fr: row.nameFr, en: row.nameEn },
  position: row.position,
  activityCount: row.activityCount,
});

async function getCategory(
  db: Executor,
  auth: AuthContext,
  projectId: string,
  kind: ActivityCategoryKind,
  id: string,
) {
  const row = await repo.findCategory(db, auth.companyId, projectId, kind, id);
  if (!row) throw AppError.notFound();
  return row;
}

export async function listCategories(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  kind: ActivityCategoryKind,
) {
  await assertProject(deps.db, auth, projectId);
  const rows = await repo.listCategories(deps.db, auth.companyId, projectId, kind);
  return { items: rows.map(presentCategory) };
}

export async function createCategory(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  kind: ActivityCategoryKind,
  name: Localized,
) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const id = await repo.insertCategory(tx, {
      companyId: auth.companyId,
      projectId,
      kind,
      nameFr: name.fr,
      nameEn: name.en,
      position: await repo.nextCategoryPosition(tx, projectId, kind),
    });
    return presentCategory(await getCategory(tx, auth, projectId, kind, id));
  });
}

export async function updateCategory(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  kind: ActivityCategoryKind,
  id: string,
  name: Localized,
) {
  await getCategory(deps.db, auth, projectId, kind, id);
  await repo.renameCategory(deps.db, id, name);
  return presentCategory(await getCategory(deps.db, auth, projectId, kind, id));
}

/** Its activities stay in the programme, without this section or category. */
export async function deleteCategory(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  kind: ActivityCategoryKind,
  id: string,
) {
  await getCategory(deps.db, auth, projectId, kind, id);
  await repo.deleteCategory(deps.db, projectId, id);
  return { ok: true as const };
}
