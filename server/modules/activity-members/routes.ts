import type { FastifyInstance } from 'fastify';
import {
  addActivityMembers,
  importActivityMembers,
  listActivityCandidates,
  listActivityMembers,
  removeActivityMembers,
  updateActivityMemberStatus,
} from '../../../contracts/activity-members';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

/** 10,000 ids of 36 characters and their quotes: more than the server's default body of 1 MB allows. */
const IDS_BODY_LIMIT = 2 * 1024 * 1024;

export function registerActivityMemberRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listActivityMembers, ({ auth, params, query }) =>
    service.listMembers(deps, auth, params.projectId, params.activityId, query),
  );
  route(app, listActivityCandidates, ({ auth, params, query }) =>
    service.listCandidates(deps, auth, params.projectId, params.activityId, query),
  );
  route(
    app,
    addActivityMembers,
    ({ auth, params, body }) => service.addMembers(deps, auth, params.projectId, params.activityId, body),
    { bodyLimit: IDS_BODY_LIMIT },
  );
  route(
    app,
    removeActivityMembers,
    ({ auth, params, body }) => service.removeMembers(deps, auth, params.projectId, params.activityId, body),
    { bodyLimit: IDS_BODY_LIMIT },
  );
  route(app, updateActivityMemberStatus, ({ auth, params, body }) =>
    service.updateStatus(deps, auth, params.projectId, params.activityId, params.participantId, body.status),
  );
  route(app, importActivityMembers, ({ auth, params, body }) =>
    service.importMembers(deps, auth, params.projectId, params.activityId, body?.file),
  );
}
