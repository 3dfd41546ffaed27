import type { FastifyInstance } from 'fastify';
import { listLandingActivities, saveLandingSelection } from '../../../contracts/landing';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerLandingRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listLandingActivities, ({ auth, params }) =>
    service.listLandingActivities(deps, auth, params.projectId),
  );
  route(app, saveLandingSelection, ({ auth, params, body }) =>
    service.saveLandingSelection(deps, auth, params.projectId, body),
  );
}
