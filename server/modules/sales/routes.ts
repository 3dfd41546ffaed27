import type { FastifyInstance } from 'fastify';
import {
  archiveSale,
  createCourtesySale,
  getSale,
  listCourtesyPayments,
  listSales,
  refundSale,
  updateSale,
} from '../../../contracts/sales';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { type SalesPorts, salesPorts } from './ports';
import * as refunds from './refund-service';
import * as service from './service';

/** S1–S2: the sales list and detail, archive, edit, courtesy sales and refunds. */
export function registerSalesRoutes(app: FastifyInstance, deps: Deps, ports: SalesPorts = salesPorts(deps)) {
  route(app, listSales, ({ auth, params, query }) => {
    const { tab, ...list } = query;
    return service.listSales(deps, auth, params.projectId, tab, list);
  });
  route(app, createCourtesySale, ({ auth, params, body }) =>
    service.createCourtesySale(deps, auth, params.projectId, body),
  );
  route(app, listCourtesyPayments, ({ auth, params }) =>
    service.listCourtesyPayments(deps, auth, params.projectId),
  );
  route(app, getSale, ({ auth, params }) => service.getSale(deps, auth, params.projectId, params.saleId));
  route(app, archiveSale, ({ auth, params, body }) =>
    service.archiveSale(deps, auth, params.projectId, params.saleId, body.archived),
  );
  route(app, updateSale, ({ auth, params, body }) =>
    service.updateSale(deps, auth, params.projectId, params.saleId, body),
  );
  route(app, refundSale, ({ auth, params, body }) =>
    refunds.refundSale(deps, ports, auth, params.projectId, params.saleId, body),
  );
}
