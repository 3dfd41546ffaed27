import type { FastifyInstance } from 'fastify';
import {
  downloadParticipantImportErrors,
  downloadParticipantImportTemplate,
  getParticipantImport,
  getParticipantImportSettings,
  saveParticipantImport,
  setParticipantImportMapping,
  startParticipantImportDryRun,
  uploadParticipantImport,
} from '../../../contracts/participant-import';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { errorReport, template } from '../spreadsheet-import/downloads';
import { getImport, importSettings } from '../spreadsheet-import/present';
import { save, startDryRun } from '../spreadsheet-import/runs';
import { setMapping, upload } from '../spreadsheet-import/upload';

/**
 * U3. The two downloads go through `route()` like every endpoint (session, company scope, 401/404, OpenAPI): their
 * handler sends the bytes itself with its headers, and Fastify does not serialise a Buffer or a string it is given.
 */
export function registerParticipantImportRoutes(app: FastifyInstance, deps: Deps) {
  route(app, uploadParticipantImport, ({ auth, params, body }) =>
    upload(deps, auth, params.projectId, body?.file),
  );
  route(app, downloadParticipantImportTemplate, async ({ auth, params, reply }) => {
    const bytes = await template(deps, auth, params.projectId);
    const name = auth.locale === 'fr' ? 'modele-participants.xlsx' : 'participants-template.xlsx';
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
  route(app, getParticipantImportSettings, ({ auth, params }) =>
    importSettings(deps, auth, params.projectId),
  );
  route(app, getParticipantImport, ({ auth, params, query }) =>
    getImport(deps, auth, params.projectId, params.importId, query),
  );
  route(app, setParticipantImportMapping, ({ auth, params, body }) =>
    setMapping(deps, auth, params.projectId, params.importId, body.mapping),
  );
  route(app, startParticipantImportDryRun, ({ auth, params }) =>
    startDryRun(deps, auth, params.projectId, params.importId),
  );
  route(app, saveParticipantImport, ({ auth, params, body }) =>
    save(deps, auth, params.projectId, params.importId, body.sendInscription),
  );
  route(app, downloadParticipantImportErrors, async ({ auth, params, reply }) => {
    const csv = await errorReport(deps, auth, params.projectId, params.importId);
    const name = auth.locale === 'fr' ? 'erreurs-import.csv' : 'import-errors.csv';
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
