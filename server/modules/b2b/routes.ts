import type { FastifyInstance } from 'fastify';
import {
  createB2bRequest,
  createB2bSession,
  createBlockedPair,
  deleteB2bRequest,
  deleteB2bSession,
  deleteBlockedPair,
  exportB2bRequests,
  getB2bSession,
  importB2bRequests,
  listB2bPeople,
  listB2bRequests,
  listB2bSessions,
  listBlockedPairs,
  suggestB2bRequests,
  updateB2bRequest,
  updateB2bSession,
} from '../../../contracts/b2b';
import {
  addB2bMeeting,
  cancelB2bGeneration,
  deleteB2bMeeting,
  exportB2bSchedule,
  getB2bExplanations,
  getB2bGeneration,
  getB2bPreflight,
  getB2bSchedule,
  listParticipantMeetings,
  moveB2bMeeting,
  setB2bCap,
  startB2bGeneration,
} from '../../../contracts/b2b-schedule';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { attachment } from '../files/routes';
import * as generation from './generation';
import * as insights from './insights';
import { exportRequests, importRequests } from './request-import';
import * as requests from './request-service';
import * as schedule from './schedule';
import * as sessions from './session-service';
import { suggestRequests } from './suggest';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerB2bRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listB2bSessions, ({ auth, params, query }) =>
    sessions.listSessions(deps, auth, params.projectId, query),
  );
  route(app, getB2bSession, ({ auth, params }) =>
    sessions.getSession(deps, auth, params.projectId, params.sessionId),
  );
  route(app, createB2bSession, ({ auth, params, body }) =>
    sessions.createSession(deps, auth, params.projectId, body),
  );
  route(app, updateB2bSession, ({ auth, params, body }) =>
    sessions.updateSession(deps, auth, params.projectId, params.sessionId, body),
  );
  route(app, deleteB2bSession, ({ auth, params }) =>
    sessions.deleteSession(deps, auth, params.projectId, params.sessionId),
  );

  route(app, listB2bPeople, ({ auth, params, query }) =>
    requests.listPeople(deps, auth, params.projectId, params.sessionId, query.q),
  );
  route(app, listB2bRequests, ({ auth, params, query }) =>
    requests.listRequests(deps, auth, params.projectId, params.sessionId, query),
  );
  route(app, createB2bRequest, ({ auth, params, body }) =>
    requests.createRequest(deps, auth, params.projectId, params.sessionId, body),
  );
  route(app, updateB2bRequest, ({ auth, params, body }) =>
    requests.updateRequest(deps, auth, params.projectId, params.sessionId, params.requestId, body),
  );
  route(app, deleteB2bRequest, ({ auth, params }) =>
    requests.deleteRequest(deps, auth, params.projectId, params.sessionId, params.requestId),
  );
  route(app, importB2bRequests, ({ auth, params, body }) =>
    importRequests(deps, auth, params.projectId, params.sessionId, body?.file, body?.save === 'true'),
  );
  route(app, exportB2bRequests, async ({ auth, params, reply }) => {
    const file = await exportRequests(deps, auth, params.projectId, params.sessionId);
    return reply
      .type(XLSX)
      .header('content-disposition', attachment(file.filename))
      .header('cache-control', 'no-store')
      .send(file.bytes);
  });
  route(app, suggestB2bRequests, ({ auth, params, body }) =>
    suggestRequests(deps, auth, params.projectId, params.sessionId, body.perPerson),
  );
  route(app, listBlockedPairs, ({ auth, params }) =>
    requests.listBlocked(deps, auth, params.projectId, params.sessionId),
  );
  route(app, createBlockedPair, ({ auth, params, body }) =>
    requests.createBlocked(deps, auth, params.projectId, params.sessionId, body),
  );
  route(app, deleteBlockedPair, ({ auth, params }) =>
    requests.deleteBlocked(deps, auth, params.projectId, params.sessionId, params.pairId),
  );

  route(app, getB2bPreflight, ({ auth, params }) =>
    insights.getPreflight(deps, auth, params.projectId, params.sessionId),
  );
  route(app, setB2bCap, ({ auth, params, body }) =>
    insights.setCap(deps, auth, params.projectId, params.sessionId, params.participantId, body.cap),
  );
  route(app, getB2bExplanations, ({ auth, params }) =>
    insights.getExplanations(deps, auth, params.projectId, params.sessionId),
  );
  route(app, startB2bGeneration, ({ auth, params }) =>
    generation.startGeneration(deps, auth, params.projectId, params.sessionId),
  );
  route(app, getB2bGeneration, ({ auth, params }) =>
    generation.getGeneration(deps, auth, params.projectId, params.sessionId),
  );
  route(app, cancelB2bGeneration, ({ auth, params }) =>
    generation.cancelGeneration(deps, auth, params.projectId, params.sessionId, params.generationId),
  );
  route(app, getB2bSchedule, ({ auth, params }) =>
    schedule.getSchedule(deps, auth, params.projectId, params.sessionId),
  );
  route(app, moveB2bMeeting, ({ auth, params, body }) =>
    schedule.moveMeeting(deps, auth, params.projectId, params.sessionId, params.meetingId, body),
  );
  route(app, addB2bMeeting, ({ auth, params, body }) =>
    schedule.addMeeting(deps, auth, params.projectId, params.sessionId, body),
  );
  route(app, deleteB2bMeeting, ({ auth, params }) =>
    schedule.deleteMeeting(deps, auth, params.projectId, params.sessionId, params.meetingId),
  );
  route(app, exportB2bSchedule, async ({ auth, params, reply }) => {
    const file = await schedule.exportSchedule(deps, auth, params.projectId, params.sessionId);
    return reply
      .type(XLSX)
      .header('content-disposition', attachment(file.filename))
      .header('cache-control', 'no-store')
      .send(file.bytes);
  });
  route(app, listParticipantMeetings, ({ auth, params }) =>
    schedule.participantMeetings(deps, auth, params.projectId, params.participantId),
  );
}
