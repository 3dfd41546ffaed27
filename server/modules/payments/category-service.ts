import type { PaymentCategoryInput } from '../../../contracts/payments';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** R1: payment categories — how payments are grouped and ordered on the list and the public page. */

const present = (row: repo.CategoryRow) => ({
  id: row.id,
  name: { fr: row.nameFr, en: row.nameEn },
  position: row.position,
  paymentCount: row.paymentCount,
});

/** Whether `ids` names every one of `current` exactly once (a whole order). */
export const namesEachOnce = (ids: string[], current: Set<string>) =>
  ids.length === current.size && new Set(ids).size === ids.length && ids.every((id) => current.has(id));

async function getCategory(db: Executor, auth: AuthContext, projectId: string, categoryId: string) {
  const row = await repo.findCategory(db, auth.companyId, projectId, categoryId);
  if (!row) throw AppError.notFound();
  return row;
}

async function loadList(db: Executor, auth: AuthContext, projectId: string) {
  return { items: (await repo.listCategories(db, auth.companyId, projectId)).map(present) };
}

export async function listCategories(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  return loadList(deps.db, auth, projectId);
}

export async function createCategory(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: PaymentCategoryInput,
) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const id = await repo.insertCategory(tx, {
      companyId: auth.companyId,
      projectId,
      nameFr: input.name.fr,
      nameEn: input.name.en,
      position: await repo.nextCategoryPosition(tx, projectId),
    });
    return present(await getCategory(tx, auth, projectId, id));
  });
}

export async function updateCategory(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  categoryId: string,
  input: PaymentCategoryInput,
) {
  await getCategory(deps.db, auth, projectId, categoryId);
  await repo.renameCategory(deps.db, categoryId, input.name);
  return present(await getCategory(deps.db, auth, projectId, categoryId));
}

/** Its payments stay, without a category. */
export async function deleteCategory(deps: Deps, auth: AuthContext, projectId: string, categoryId: string) {
  await getCategory(deps.db, auth, projectId, categoryId);
  await repo.deleteCategory(deps.db, projectId, categoryId);
  return { ok: true as const };
}

/** P11: every category of the project exactly once; anything else is refused. */
export async function reorderCategories(deps: Deps, auth: AuthContext, projectId: string, ids: string[]) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const current = new Set((await repo.listCategories(tx, auth.companyId, projectId)).map((c) => c.id));
    if (!namesEachOnce(ids, current)) throw new AppError('payments.categoryOrderMismatch', 'validation');
    await repo.placeCategories(tx, projectId, ids);
    return loadList(tx, auth, projectId);
  });
}
