import type { FastifyInstance } from 'fastify';
import {
  exportScoresCsv,
  exportScoresXlsx,
  getPairBreakdown,
  listScoreAverages,
  listScorePairs,
  listStoredAverages,
} from '../../../contracts/scores';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { sendDownload } from '../files/routes';
import type { ExportFormat } from '../participants/export';
import { pairBreakdown } from './breakdown';
import { exportScores } from './export';
import * as service from './service';

/** M5 the scores screen and X1 a pair's breakdown (docs/matching/scores.md). */
export function registerScoreRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listScorePairs, ({ auth, params, query }) =>
    service.listPairs(deps, auth, params.projectId, query),
  );
  route(app, listScoreAverages, async ({ auth, params, query }) => {
    const { rows: _rows, ...list } = await service.liveAverages(deps, auth, params.projectId, query);
    return list;
  });
  route(app, listStoredAverages, async ({ auth, params, query }) => {
    const { rows: _rows, ...list } = await service.storedAverages(deps, auth, params.projectId, query);
    return list;
  });
  route(app, getPairBreakdown, ({ auth, params, query }) =>
    pairBreakdown(deps, auth, params.projectId, query.a, query.b),
  );
  // Downloads: the selection is checked and the Excel limit applied before the first byte (plain 404 / 400).
  const download =
    (format: ExportFormat): Parameters<typeof route<typeof exportScoresCsv>>[2] =>
    async ({ auth, params, query, reply }) => {
      const file = await exportScores(deps, auth, params.projectId, query, format);
      return sendDownload(reply, { ...file, content: file.stream }) as never;
    };
  route(app, exportScoresXlsx, download('xlsx'));
  route(app, exportScoresCsv, download('csv'));
}
