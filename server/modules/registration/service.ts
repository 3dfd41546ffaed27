import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/**
 * The organiser's side of the public registration page: its secret address `/r/<token>` (one per project), made the
 * first time, replaced on demand (the old address answers 404 at once), opened and closed.
 */

/** The public address of the registration page with this token (a path of this server). */
export const registrationPath = (token: string) => `/r/${token}`;

const present = (page: Awaited<ReturnType<typeof repo.findPage>>) => ({
  path: page ? registrationPath(page.token) : null,
  open: page?.open ?? false,
  createdAt: page?.createdAt ?? null,
});

export async function getAddress(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  return present(await repo.findPage(deps.db, projectId));
}

/** A new secret address (made the first time, open); the previous one stops answering. */
export async function makeAddress(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  const token = randomBytes(32).toString('base64url');
  return present(
    await repo.savePageToken(deps.db, { companyId: auth.companyId, projectId }, token, deps.now()),
  );
}

export async function setOpen(deps: Deps, auth: AuthContext, projectId: string, open: boolean) {
  await assertProject(deps.db, auth, projectId);
  const page = await repo.setPageOpen(deps.db, projectId, open);
  if (!page) throw AppError.field('open', 'validation.registration.noAddress');
  return present(page);
}
