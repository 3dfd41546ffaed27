import type { FastifyInstance } from 'fastify';
import {
  copyPayment,
  createPayment,
  createPaymentCategory,
  deletePayment,
  deletePaymentCategory,
  getPayment,
  getPaymentFormOptions,
  listPaymentCategories,
  listPayments,
  reorderPaymentCategories,
  reorderPayments,
  updatePayment,
  updatePaymentCategory,
} from '../../../contracts/payments';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as categories from './category-service';
import * as service from './service';

export function registerPaymentRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listPayments, ({ auth, params }) => service.listPayments(deps, auth, params.projectId));
  route(app, getPaymentFormOptions, ({ auth, params }) => service.formOptions(deps, auth, params.projectId));
  route(app, getPayment, ({ auth, params }) =>
    service.getPayment(deps, auth, params.projectId, params.paymentId),
  );
  route(app, createPayment, ({ auth, params, body }) =>
    service.createPayment(deps, auth, params.projectId, body),
  );
  route(app, updatePayment, ({ auth, params, body }) =>
    service.updatePayment(deps, auth, params.projectId, params.paymentId, body),
  );
  route(app, copyPayment, ({ auth, params }) =>
    service.copyPayment(deps, auth, params.projectId, params.paymentId),
  );
  route(app, deletePayment, ({ auth, params }) =>
    service.deletePayment(deps, auth, params.projectId, params.paymentId),
  );
  route(app, reorderPayments, ({ auth, params, body }) =>
    service.reorderPayments(deps, auth, params.projectId, body),
  );
  route(app, listPaymentCategories, ({ auth, params }) =>
    categories.listCategories(deps, auth, params.projectId),
  );
  route(app, createPaymentCategory, ({ auth, params, body }) =>
    categories.createCategory(deps, auth, params.projectId, body),
  );
  route(app, updatePaymentCategory, ({ auth, params, body }) =>
    categories.updateCategory(deps, auth, params.projectId, params.categoryId, body),
  );
  route(app, deletePaymentCategory, ({ auth, params }) =>
    categories.deleteCategory(deps, auth, params.projectId, params.categoryId),
  );
  route(app, reorderPaymentCategories, ({ auth, params, body }) =>
    categories.reorderCategories(deps, auth, params.projectId, body.ids),
  );
}
