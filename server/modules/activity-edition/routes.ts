import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  deleteActivityDocument,
  getActivityOptions,
  getActivityVisual,
  listActivityDocuments,
  setActivityBackgroundColor,
  setActivityImage,
  updateActivityOptions,
  uploadActivityDocument,
} from '../../../contracts/activity-edition';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { UPLOADS_PER_MINUTE } from '../files/routes';
import * as service from './service';

/** V4 options and visual tabs, E9 (the activity's image), P12 (documents per language). */
export function registerActivityEditionRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getActivityOptions, ({ auth, params }) =>
    service.getOptions(deps, auth, params.projectId, params.activityId),
  );
  route(app, updateActivityOptions, ({ auth, params, body }) =>
    service.updateOptions(deps, auth, params.projectId, params.activityId, body),
  );
  route(app, getActivityVisual, ({ auth, params }) =>
    service.getVisual(deps, auth, params.projectId, params.activityId),
  );
  route(app, setActivityBackgroundColor, ({ auth, params, body }) =>
    service.setBackgroundColor(deps, auth, params.projectId, params.activityId, body.backgroundColor),
  );
  route(app, setActivityImage, ({ auth, params, body }) =>
    service.setImage(deps, auth, params.projectId, params.activityId, body.fileId),
  );
  route(app, listActivityDocuments, ({ auth, params }) =>
    service.listDocuments(deps, auth, params.projectId, params.activityId),
  );
  route(
    app,
    uploadActivityDocument,
    ({ auth, params, body }) =>
      service.uploadActivityDocument(deps, auth, params.projectId, params.activityId, body),
    {
      rateLimit: {
        max: UPLOADS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
      },
    },
  );
  route(app, deleteActivityDocument, ({ auth, params }) =>
    service.deleteActivityDocument(deps, auth, params.projectId, params.activityId, params.documentId),
  );
}
