import type { FastifyInstance } from 'fastify';
import { getOrganisation, setOrganisationLogo, updateOrganisation } from '../../../contracts/organisation';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerOrganisationRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getOrganisation, ({ auth }) => service.getOrganisation(deps, auth));
  route(app, updateOrganisation, ({ auth, body }) => service.updateOrganisation(deps, auth, body));
  route(app, setOrganisationLogo, ({ auth, body }) => service.setOrganisationLogo(deps, auth, body.fileId));
}
