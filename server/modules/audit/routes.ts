import type { FastifyInstance } from 'fastify';
import { exportAuditEventsCsv, listAuditActors, listAuditEvents } from '../../../contracts/audit';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { sendDownload } from '../files/routes';
import * as service from './service';

/** Issue 22: the audit log (administrators only: the right is declared in contracts/audit.ts). */
export function registerAuditRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listAuditEvents, ({ auth, query }) => service.listEvents(deps, auth, query));
  route(app, listAuditActors, ({ auth }) => service.listActors(deps, auth));
  route(app, exportAuditEventsCsv, async ({ auth, query, reply }) => {
    const file = await service.exportEvents(deps, auth, query);
    return sendDownload(reply, { ...file, content: file.stream }) as never;
  });
}
