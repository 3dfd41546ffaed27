import type { FastifyInstance } from 'fastify';
import {
  listAccessProjects,
  listAccessUsers,
  revokeProjectAccess,
  updateUserAccess,
} from '../../../contracts/access';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

/** A4 the access page's endpoints (administrators only: their right is declared in contracts/access.ts). */
export function registerAccessRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listAccessUsers, ({ auth, query }) => service.listUsers(deps, auth, query));
  route(app, listAccessProjects, ({ auth }) => service.listProjects(deps, auth));
  route(app, updateUserAccess, ({ auth, params, body }) =>
    service.updateAccess(deps, auth, params.userId, body),
  );
  route(app, revokeProjectAccess, ({ auth, params }) =>
    service.revokeProject(deps, auth, params.userId, params.projectId),
  );
}
