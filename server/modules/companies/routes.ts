import type { FastifyInstance } from 'fastify';
import {
  archiveCompany,
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  listCompanyChoices,
  listCompanySwitches,
  updateCompany,
} from '../../../contracts/companies';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerCompanyRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listCompanies, ({ query }) => service.listCompanies(deps, query));
  route(app, getCompany, ({ params }) => service.getCompany(deps, params.companyId));
  route(app, createCompany, ({ body }) => service.createCompany(deps, body));
  route(app, updateCompany, ({ params, body }) => service.updateCompany(deps, params.companyId, body));
  route(app, archiveCompany, ({ auth, params, body }) =>
    service.archiveCompany(deps, auth, params.companyId, body.archived),
  );
  route(app, deleteCompany, ({ auth, params, body }) =>
    service.deleteCompany(deps, auth, params.companyId, body.confirmName),
  );
  route(app, listCompanyChoices, () => service.listCompanyChoices(deps));
  route(app, listCompanySwitches, ({ query }) => service.listCompanySwitches(deps, query));
}
