import type { FastifyInstance } from 'fastify';
import {
  type ActivityCategoryEndpoints,
  type ActivityCategoryKind,
  applyActivityBulkAction,
  createActivity,
  createActivityCategory,
  createActivitySection,
  deleteActivity,
  deleteActivityCategory,
  deleteActivitySection,
  getActivity,
  listActivities,
  listActivityCategories,
  listActivitySections,
  updateActivity,
  updateActivityCategory,
  updateActivitySection,
} from '../../../contracts/activities';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { LONG_TEXT_BODY_LIMIT } from '../texts/routes';
import * as categories from './category-service';
import * as service from './service';

export function registerActivityRoutes(app: FastifyInstance, deps: Deps) {
  registerCategoryRoutes(app, deps, 'section', {
    list: listActivitySections,
    create: createActivitySection,
    update: updateActivitySection,
    delete: deleteActivitySection,
  });
  registerCategoryRoutes(app, deps, 'category', {
    list: listActivityCategories,
    create: createActivityCategory,
    update: updateActivityCategory,
    delete: deleteActivityCategory,
  });

  route(app, listActivities, ({ auth, params, query }) =>
    service.listActivities(deps, auth, params.projectId, query),
  );
  route(app, getActivity, ({ auth, params }) =>
    service.getActivity(deps, auth, params.projectId, params.activityId),
  );
  // The description may be as long as any rich text (two languages of up to 500,000 visible characters).
  route(
    app,
    createActivity,
    ({ auth, params, body }) => service.createActivity(deps, auth, params.projectId, body),
    { bodyLimit: LONG_TEXT_BODY_LIMIT },
  );
  route(
    app,
    updateActivity,
    ({ auth, params, body }) => service.updateActivity(deps, auth, params.projectId, params.activityId, body),
    { bodyLimit: LONG_TEXT_BODY_LIMIT },
  );
  route(app, deleteActivity, ({ auth, params }) =>
    service.deleteActivity(deps, auth, params.projectId, params.activityId),
  );
  route(app, applyActivityBulkAction, ({ auth, params, body }) =>
    service.applyBulkAction(deps, auth, params.projectId, body),
  );
}

/** Sections and categories: the same four routes under their own path. */
function registerCategoryRoutes(
  app: FastifyInstance,
  deps: Deps,
  kind: ActivityCategoryKind,
  endpoints: ActivityCategoryEndpoints,
) {
  route(app, endpoints.list, ({ auth, params }) =>
    categories.listCategories(deps, auth, params.projectId, kind),
  );
  route(app, endpoints.create, ({ auth, params, body }) =>
    categories.createCategory(deps, auth, params.projectId, kind, body.name),
  );
  route(app, endpoints.update, ({ auth, params, body }) =>
    categories.updateCategory(deps, auth, params.projectId, kind, params.categoryId, body.name),
  );
  route(app, endpoints.delete, ({ auth, params }) =>
    categories.deleteCategory(deps, auth, params.projectId, kind, params.categoryId),
  );
}
