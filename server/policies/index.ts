import { decide, type Right } from '../../contracts/access';
import { AppError } from '../http/errors';
import type { AuthContext } from '../modules/session/auth-context';

export * from './company';
export * from './project';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The endpoint layer's question (server/modules/session/routes.ts, for every API call): may `auth` exercise `right`,
 * on the project of the route when its path names one (`:projectId`)? Throws the refusal otherwise: 403 with a
 * translated message (`access.readOnly`, `access.adminOnly`, `forbidden`), or 404 for a project the user has no
 * access to. A projectId that is not an id is left to the validation of the route (400 naming it).
 */
export function authorize(auth: AuthContext, right: Right, params: unknown) {
  const raw = (params as { projectId?: unknown } | undefined)?.projectId;
  const projectId = typeof raw === 'string' && UUID.test(raw) ? raw : null;
  const decision = decide(auth.access, right, projectId);
  if (decision === 'hidden') throw AppError.notFound();
  if (decision === 'forbidden') {
    const code = right === 'write' ? 'access.readOnly' : right === 'admin' ? 'access.adminOnly' : 'forbidden';
    throw new AppError(code, 'forbidden');
  }
}
