import type { FastifyInstance } from 'fastify';
import {
  exportPairing,
  generatePairingMeetings,
  getPairingMeetings,
} from '../../../contracts/pairing-meetings';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { attachment } from '../files/routes';
import * as excel from './excel';
import * as service from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** M6: the meetings generated from a pairing, and the pairing's Excel workbook (docs/matching/pairing-meetings.md). */
export function registerPairingMeetingRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getPairingMeetings, ({ auth, params }) =>
    service.getMeetingsState(deps, auth, params.projectId, params.pairingId),
  );
  route(app, generatePairingMeetings, ({ auth, params, body }) =>
    service.generateMeetings(deps, auth, params.projectId, params.pairingId, body),
  );
  route(app, exportPairing, async ({ auth, params, reply }) => {
    const file = await excel.exportPairing(deps, auth, params.projectId, params.pairingId);
    return reply
      .type(XLSX)
      .header('content-disposition', attachment(file.filename))
      .header('cache-control', 'no-store')
      .send(file.bytes);
  });
}
