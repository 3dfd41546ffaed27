import type { FastifyInstance } from 'fastify';
import {
  addParticipantsToGroup,
  createParticipant,
  deleteParticipants,
  exportParticipantsCsv,
  exportParticipantsXlsx,
  getParticipant,
  getParticipantFormOptions,
  listParticipantEmails,
  listParticipants,
  sendInscriptionEmail,
  updateParticipant,
} from '../../../contracts/participants';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { sendDownload } from '../files/routes';
import { type ExportFormat, exportParticipants } from './export';
import * as service from './service';

export function registerParticipantRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listParticipants, ({ auth, params, query }) =>
    service.listParticipants(deps, auth, params.projectId, query),
  );
  route(app, getParticipantFormOptions, ({ auth, params }) =>
    service.getFormOptions(deps, auth, params.projectId),
  );
  // U1 export: declared in contracts/ and registered with route() like every endpoint (same session, company and
  // project checks, OpenAPI, the generic walker); the handler answers a stream with download headers instead of JSON.
  // The project is checked before the first byte, so a wrong project is a plain 404.
  const download =
    (format: ExportFormat): Parameters<typeof route<typeof exportParticipantsXlsx>>[2] =>
    async ({ auth, params, query, reply }) => {
      const file = await exportParticipants(deps, auth, params.projectId, query, format);
      return sendDownload(reply, { ...file, content: file.stream }) as never;
    };
  route(app, exportParticipantsXlsx, download('xlsx'));
  route(app, exportParticipantsCsv, download('csv'));
  route(app, listParticipantEmails, ({ auth, params }) =>
    service.listEmails(deps, auth, params.projectId, params.participantId),
  );
  route(app, getParticipant, ({ auth, params }) =>
    service.getParticipant(deps, auth, params.projectId, params.participantId),
  );
  route(app, createParticipant, ({ auth, params, body }) =>
    service.createParticipant(deps, auth, params.projectId, body),
  );
  route(app, updateParticipant, ({ auth, params, body }) =>
    service.updateParticipant(deps, auth, params.projectId, params.participantId, body),
  );
  route(app, deleteParticipants, ({ auth, params, body }) =>
    service.deleteParticipants(deps, auth, params.projectId, body.ids),
  );
  route(app, addParticipantsToGroup, ({ auth, params, body }) =>
    service.addToGroup(deps, auth, params.projectId, body.ids, body.groupId),
  );
  route(app, sendInscriptionEmail, ({ auth, params }) =>
    service.sendInscription(deps, auth, params.projectId, params.participantId),
  );
}
