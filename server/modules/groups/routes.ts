import type { FastifyInstance } from 'fastify';
import {
  addGroupMembers,
  createGroup,
  createGroupCategory,
  deleteGroup,
  deleteGroupCategory,
  importGroupMembers,
  listGroupCandidates,
  listGroupMembers,
  listGroups,
  removeGroupMember,
  reorderGroups,
  updateGroup,
  updateGroupCategory,
} from '../../../contracts/groups';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerGroupRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listGroups, ({ auth, params }) => service.listGroups(deps, auth, params.projectId));
  route(app, createGroupCategory, ({ auth, params, body }) =>
    service.createCategory(deps, auth, params.projectId, body.name),
  );
  route(app, updateGroupCategory, ({ auth, params, body }) =>
    service.updateCategory(deps, auth, params.projectId, params.categoryId, body.name),
  );
  route(app, deleteGroupCategory, ({ auth, params }) =>
    service.deleteCategory(deps, auth, params.projectId, params.categoryId),
  );
  route(app, createGroup, ({ auth, params, body }) =>
    service.createGroup(deps, auth, params.projectId, body),
  );
  route(app, updateGroup, ({ auth, params, body }) =>
    service.updateGroup(deps, auth, params.projectId, params.groupId, body),
  );
  route(app, deleteGroup, ({ auth, params }) =>
    service.deleteGroup(deps, auth, params.projectId, params.groupId),
  );
  route(app, reorderGroups, ({ auth, params, body }) =>
    service.reorderGroups(deps, auth, params.projectId, body),
  );
  route(app, listGroupMembers, ({ auth, params, query }) =>
    service.listMembers(deps, auth, params.projectId, params.groupId, query),
  );
  route(app, listGroupCandidates, ({ auth, params, query }) =>
    service.listCandidates(deps, auth, params.projectId, params.groupId, query.q),
  );
  route(app, addGroupMembers, ({ auth, params, body }) =>
    service.addMembers(deps, auth, params.projectId, params.groupId, body.participantIds),
  );
  route(app, removeGroupMember, ({ auth, params }) =>
    service.removeMember(deps, auth, params.projectId, params.groupId, params.participantId),
  );
  route(app, importGroupMembers, ({ auth, params, body }) =>
    service.importMembers(deps, auth, params.projectId, params.groupId, body?.file),
  );
}
