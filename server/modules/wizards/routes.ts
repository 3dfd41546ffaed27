import type { FastifyInstance } from 'fastify';
import { createProjectFromWizard, validateProjectWizardStep } from '../../../contracts/wizards';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerWizardRoutes(app: FastifyInstance, deps: Deps) {
  route(app, validateProjectWizardStep, ({ auth, body }) => service.validateProjectStep(deps, auth, body));
  route(app, createProjectFromWizard, ({ auth, body }) => service.createProject(deps, auth, body));
}
