import type { FastifyInstance } from 'fastify';
import {
  createRelease,
  createReleaseCategory,
  createReleaseItem,
  deleteRelease,
  deleteReleaseEntry,
  getRelease,
  listReleases,
  listWhatsNew,
  reorderRelease,
  setReleaseActive,
  updateRelease,
  updateReleaseCategory,
  updateReleaseItem,
} from '../../../contracts/releases';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

/** A5: release notes (written by super-admins) and "What's new" (read by every user). */
export function registerReleaseRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listReleases, () => service.listReleases(deps));
  route(app, getRelease, ({ params }) => service.getRelease(deps, params.releaseId));
  route(app, createRelease, ({ body }) => service.createRelease(deps, body));
  route(app, updateRelease, ({ params, body }) => service.updateRelease(deps, params.releaseId, body));
  route(app, setReleaseActive, ({ params, body }) =>
    service.setReleaseActive(deps, params.releaseId, body.isActive),
  );
  route(app, deleteRelease, ({ params }) => service.deleteRelease(deps, params.releaseId));
  route(app, createReleaseCategory, ({ params, body }) =>
    service.createCategory(deps, params.releaseId, body.name),
  );
  route(app, updateReleaseCategory, ({ params, body }) =>
    service.updateCategory(deps, params.releaseId, params.categoryId, body.name),
  );
  route(app, createReleaseItem, ({ params, body }) =>
    service.createItem(deps, params.releaseId, body.categoryId, body.text),
  );
  route(app, updateReleaseItem, ({ params, body }) =>
    service.updateItem(deps, params.releaseId, params.itemId, body.text),
  );
  route(app, deleteReleaseEntry, ({ params }) => service.deleteEntry(deps, params.releaseId, params.entryId));
  route(app, reorderRelease, ({ params, body }) => service.reorderRelease(deps, params.releaseId, body));
  route(app, listWhatsNew, ({ auth, query }) => service.listWhatsNew(deps, query.language ?? auth.locale));
}
