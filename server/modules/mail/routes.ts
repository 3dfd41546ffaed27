import type { FastifyInstance } from 'fastify';
import { getMailMessage, getMailSettings, listMailMessages } from '../../../contracts/mail';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerMailRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listMailMessages, ({ auth, query }) => service.listMessages(deps, auth, query));
  route(app, getMailMessage, ({ auth, params }) => service.getMessage(deps, auth, params.messageId));
  route(app, getMailSettings, () => service.mailSettings(deps));
}
