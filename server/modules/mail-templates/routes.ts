import type { FastifyInstance } from 'fastify';
import {
  createMailTemplate,
  deleteMailTemplate,
  getMailTemplate,
  listMailTemplates,
  updateMailTemplate,
} from '../../../contracts/mail-templates';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { LONG_TEXT_BODY_LIMIT } from '../texts/routes';
import * as service from './service';

export function registerMailTemplateRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listMailTemplates, ({ auth, params, query }) =>
    service.listTemplates(deps, auth, params.projectId, query),
  );
  route(app, getMailTemplate, ({ auth, params }) =>
    service.getTemplate(deps, auth, params.projectId, params.templateId),
  );
  // Two bodies of up to 500,000 visible characters each, with their markup.
  route(
    app,
    createMailTemplate,
    ({ auth, params, body }) => service.createTemplate(deps, auth, params.projectId, body),
    { bodyLimit: LONG_TEXT_BODY_LIMIT },
  );
  route(
    app,
    updateMailTemplate,
    ({ auth, params, body }) => service.updateTemplate(deps, auth, params.projectId, params.templateId, body),
    { bodyLimit: LONG_TEXT_BODY_LIMIT },
  );
  route(app, deleteMailTemplate, ({ auth, params }) =>
    service.deleteTemplate(deps, auth, params.projectId, params.templateId),
  );
}
