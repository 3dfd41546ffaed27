import type { FastifyInstance } from 'fastify';
import { listProjectOptions, setProjectOption } from '../../../contracts/project-options';
import {
  createProject,
  getProject,
  listProjects,
  setProjectActivation,
  setProjectAutoNotification,
  setProjectBranding,
  setProjectColours,
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
  route(app, listProjectOptions, ({ auth, params }) => service.listOptions(deps, auth, params.projectId));
  route(app, setProjectOption, ({ auth, params, body }) =>
    service.setOption(deps, auth, params.projectId, body.optionId, body.value),
  );
  route(app, setProjectAutoNotification, ({ auth, params, body }) =>
    service.setAutoNotification(deps, auth, params.projectId, body.autoNotification),
  );
  route(app, setProjectColours, ({ auth, params, body }) =>
    service.setColours(deps, auth, params.projectId, body),
  );
  route(app, setProjectBranding, ({ auth, params, body }) =>
    service.setBranding(deps, auth, params.projectId, body),
  );
}
