import type { FastifyInstance } from 'fastify';
import { PERSONAL_PAGE_READS_PER_MINUTE } from '../../../contracts/personal-pages';
import {
  downloadReportFile,
  emailReport,
  exportReportXlsx,
  getReportOptions,
  listReport,
} from '../../../contracts/reports';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { sendDownload } from '../files/routes';
import { readReportDownload, emailReport as sendReport } from './report-mail';
import * as service from './report-service';

/** T1 the report page (docs/reports/report.md). */
export function registerReportRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getReportOptions, ({ auth, params }) => service.getReportOptions(deps, auth, params.projectId));
  route(app, listReport, ({ auth, params, query }) =>
    service.listReport(deps, auth, params.projectId, query),
  );
  // A streamed download, as the participants export: the project is checked before the first byte (a plain 404).
  route(app, exportReportXlsx, async ({ auth, params, query, reply }) => {
    const file = await service.exportReport(deps, auth, params.projectId, query);
    return sendDownload(reply, { ...file, content: file.stream }) as never;
  });
  route(app, emailReport, ({ auth, params, body }) => sendReport(deps, auth, params.projectId, body));
  // No session: the secret address of the e-mail is the key, limited per client address as the personal pages are.
  route(
    app,
    downloadReportFile,
    async ({ params, reply }) => {
      const file = await readReportDownload(deps, params.token);
      if (!file) throw new AppError('reportDownloadGone', 'notFound');
      return sendDownload(reply, file) as never;
    },
    { rateLimit: { max: PERSONAL_PAGE_READS_PER_MINUTE, timeWindow: 60_000 } },
  );
}
