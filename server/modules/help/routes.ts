import type { FastifyInstance } from 'fastify';
import { getHelpEdition, getScreenHelp, saveHelp, setTextEditionMode } from '../../../contracts/help';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerHelpRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getScreenHelp, ({ query }) => service.getScreenHelp(deps, query.screen));
  route(app, getHelpEdition, ({ query }) => service.getHelpEdition(deps, query.screen));
  route(app, saveHelp, ({ body }) => service.saveHelp(deps, body));
  route(app, setTextEditionMode, ({ auth, body }) => service.setTextEditionMode(deps, auth, body.enabled));
}
