import type { FastifyInstance } from 'fastify';
import {
  checkPromoCode,
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  listPromoPayments,
  updatePromoCode,
} from '../../../contracts/promo-codes';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerPromoCodeRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listPromoCodes, ({ auth, params }) => service.listPromoCodes(deps, auth, params.projectId));
  route(app, listPromoPayments, ({ auth, params }) =>
    service.listPromoPayments(deps, auth, params.projectId),
  );
  route(app, createPromoCode, ({ auth, params, body }) =>
    service.createPromoCode(deps, auth, params.projectId, body),
  );
  route(app, updatePromoCode, ({ auth, params, body }) =>
    service.updatePromoCode(deps, auth, params.projectId, params.promoCodeId, body),
  );
  route(app, deletePromoCode, ({ auth, params }) =>
    service.deletePromoCode(deps, auth, params.projectId, params.promoCodeId),
  );
  route(app, checkPromoCode, ({ auth, params, body }) =>
    service.checkPromoCode(deps, auth, params.projectId, body),
  );
}
