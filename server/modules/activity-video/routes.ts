import type { FastifyInstance } from 'fastify';
import { generateVideoRoom, getVideoRoom } from '../../../contracts/activity-video';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

/** V6: the activity's video room at Whereby. */
export function registerActivityVideoRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getVideoRoom, ({ auth, params }) =>
    service.getVideoRoom(deps, auth, params.projectId, params.activityId),
  );
  route(app, generateVideoRoom, ({ auth, params, body }) =>
    service.generateVideoRoom(deps, auth, params.projectId, params.activityId, body.replace),
  );
}
