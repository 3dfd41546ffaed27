import type { FastifyInstance } from 'fastify';
import {
  createTax,
  deleteTax,
  getSalesSettings,
  listTaxes,
  reorderTaxes,
  saveSalesSettings,
  updateTax,
} from '../../../contracts/taxes';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerTaxRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getSalesSettings, ({ auth, params }) => service.getSalesSettings(deps, auth, params.projectId));
  route(app, saveSalesSettings, ({ auth, params, body }) =>
    service.saveSalesSettings(deps, auth, params.projectId, body),
  );
  route(app, listTaxes, ({ auth, params }) => service.listTaxes(deps, auth, params.projectId));
  route(app, createTax, ({ auth, params, body }) => service.createTax(deps, auth, params.projectId, body));
  route(app, updateTax, ({ auth, params, body }) =>
    service.updateTax(deps, auth, params.projectId, params.taxId, body),
  );
  route(app, deleteTax, ({ auth, params }) => service.deleteTax(deps, auth, params.projectId, params.taxId));
  route(app, reorderTaxes, ({ auth, params, body }) =>
    service.reorderTaxes(deps, auth, params.projectId, body.ids),
  );
}
