import type { FastifyInstance } from 'fastify';
import {
  createRole,
  deleteRole,
  listRoles,
  reorderRoles,
  setRoleDefaults,
  updateRole,
} from '../../../contracts/roles';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerRoleRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listRoles, ({ auth, params }) => service.listRoles(deps, auth, params.projectId));
  route(app, createRole, ({ auth, params, body }) => service.createRole(deps, auth, params.projectId, body));
  route(app, updateRole, ({ auth, params, body }) =>
    service.updateRole(deps, auth, params.projectId, params.roleId, body),
  );
  route(app, deleteRole, ({ auth, params, body }) =>
    service.deleteRole(deps, auth, params.projectId, params.roleId, body.moveTo),
  );
  route(app, reorderRoles, ({ auth, params, body }) =>
    service.reorderRoles(deps, auth, params.projectId, body.ids),
  );
  route(app, setRoleDefaults, ({ auth, params, body }) =>
    service.setRoleDefaults(deps, auth, params.projectId, body),
  );
}
