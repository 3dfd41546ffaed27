import type { FastifyInstance } from 'fastify';
import {
  createActivityLink,
  deleteActivityLink,
  listActivityLinks,
  updateActivityLink,
  updateActivityLocation,
} from '../../../contracts/activity-links';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

/** V4 link tab: location and other links. */
export function registerActivityLinkRoutes(app: FastifyInstance, deps: Deps) {
  route(app, updateActivityLocation, ({ auth, params, body }) =>
    service.updateLocation(deps, auth, params.projectId, params.activityId, body.location),
  );
  route(app, listActivityLinks, ({ auth, params }) =>
    service.listLinks(deps, auth, params.projectId, params.activityId),
  );
  route(app, createActivityLink, ({ auth, params, body }) =>
    service.createLink(deps, auth, params.projectId, params.activityId, body),
  );
  route(app, updateActivityLink, ({ auth, params, body }) =>
    service.updateLink(deps, auth, params.projectId, params.activityId, params.linkId, body),
  );
  route(app, deleteActivityLink, ({ auth, params }) =>
    service.deleteLink(deps, auth, params.projectId, params.activityId, params.linkId),
  );
}
