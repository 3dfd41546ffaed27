import type { FastifyInstance } from 'fastify';
import {
  addParticipantsToGroup,
  createParticipant,
  deleteParticipants,
  getParticipant,
  getParticipantFormOptions,
  listParticipants,
  sendInscriptionEmail,
  updateParticipant,
} from '../../../contracts/participants';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerParticipantRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listParticipants, ({ auth, params, query }) =>
    service.listParticipants(deps, auth, params.projectId, query),
  );
  route(app, getParticipantFormOptions, ({ auth, params }) =>
    service.getFormOptions(deps, auth, params.projectId),
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
