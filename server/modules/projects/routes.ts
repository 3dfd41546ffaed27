import type { FastifyInstance } from 'fastify';
import {
  createProject,
  getProject,
  listProjects,
  setProjectActivation,
  setProjectsActivation,
  updateProject,
} from '../../../contracts/projects';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerProjectRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listProjects, ({ auth, query }) => service.listProjects(deps, auth, query));
  route(app, getProject, ({ auth, params }) => service.getProject(deps, auth, params.projectId));
  route(app, createProject, ({ auth, body }) => service.createProject(deps, auth, body));
  route(app, updateProject, ({ auth, params, body }) =>
    service.updateProject(deps, auth, params.projectId, body),
  );
  route(app, setProjectsActivation, ({ auth, body }) =>
    service.setManyActivation(deps, auth, body.projectIds, body.isActive),
  );
  route(app, setProjectActivation, ({ auth, params, body }) =>
    service.setActivation(deps, auth, params.projectId, body.isActive),
  );
}
