import type { FastifyInstance } from 'fastify';
import { globalSearch } from '../../../contracts/search';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerSearchRoutes(app: FastifyInstance, deps: Deps) {
  route(app, globalSearch, ({ auth, query }) => service.globalSearch(deps, auth, query.q));
}
