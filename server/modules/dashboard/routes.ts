import type { FastifyInstance } from 'fastify';
import {
  getDashboard,
  getDashboardFeed,
  listDashboardWarnings,
  readDashboardFeed,
  resetDashboardFeed,
  revokeDashboardFeed,
  setModuleCompletion,
  setTaskCompletion,
} from '../../../contracts/dashboard';
import { PERSONAL_PAGE_READS_PER_MINUTE } from '../../../contracts/personal-pages';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerDashboardRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getDashboard, ({ auth, params, query }) =>
    service.getDashboard(deps, auth, params.projectId, query.step),
  );
  route(app, setTaskCompletion, ({ auth, params, body }) =>
    service.setTaskCompletion(deps, auth, params.projectId, params.taskId, body.done),
  );
  route(app, setModuleCompletion, ({ auth, params, body }) =>
    service.setModuleCompletion(deps, auth, params.projectId, params.module, body.done),
  );
  route(app, listDashboardWarnings, ({ auth, params, query }) =>
    service.listWarnings(deps, auth, params.projectId, query),
  );
  route(app, getDashboardFeed, ({ auth, params }) => service.getFeed(deps, auth, params.projectId));
  route(app, resetDashboardFeed, ({ auth, params }) => service.resetFeed(deps, auth, params.projectId));
  route(app, revokeDashboardFeed, ({ auth, params }) => service.revokeFeed(deps, auth, params.projectId));
  // No session: the secret address is the key. The personal pages' limit per client address, before any read.
  route(
    app,
    readDashboardFeed,
    ({ params, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return service.readFeed(deps, params.token);
    },
    { rateLimit: { max: PERSONAL_PAGE_READS_PER_MINUTE, timeWindow: 60_000 } },
  );
}
