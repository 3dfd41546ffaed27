import type { FastifyInstance } from 'fastify';
import {
  createNotification,
  deleteNotification,
  getNotification,
  listNotifications,
  setNotificationActive,
  updateNotification,
} from '../../../contracts/notifications';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerNotificationRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listNotifications, ({ auth, params, query }) =>
    service.listNotifications(deps, auth, params.projectId, query),
  );
  route(app, getNotification, ({ auth, params }) =>
    service.getNotification(deps, auth, params.projectId, params.notificationId),
  );
  route(app, createNotification, ({ auth, params, body }) =>
    service.createNotification(deps, auth, params.projectId, body),
  );
  route(app, updateNotification, ({ auth, params, body }) =>
    service.updateNotification(deps, auth, params.projectId, params.notificationId, body),
  );
  route(app, setNotificationActive, ({ auth, params, body }) =>
    service.setNotificationActive(deps, auth, params.projectId, params.notificationId, body.active),
  );
  route(app, deleteNotification, ({ auth, params }) =>
    service.deleteNotification(deps, auth, params.projectId, params.notificationId),
  );
}
