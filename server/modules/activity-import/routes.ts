import type { FastifyInstance } from 'fastify';
import {
  downloadActivityImportErrors,
  downloadActivityImportTemplate,
  getActivityImport,
  saveActivityImport,
  setActivityImportMapping,
  startActivityImportDryRun,
  uploadActivityImport,
} from '../../../contracts/activity-import';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { errorReport, template } from '../spreadsheet-import/downloads';
import { getImport } from '../spreadsheet-import/present';
import { save, startDryRun } from '../spreadsheet-import/runs';
import { setMapping, upload } from '../spreadsheet-import/upload';

/**
 * V1: the activity import's routes, on the import engine (server/modules/spreadsheet-import) with the kind
 * 'activities'. The retention setting the page shows is the participant import's (`…/participant-imports/settings`):
 * one setting for every kind.
 */
export function registerActivityImportRoutes(app: FastifyInstance, deps: Deps) {
  const kind = 'activities' as const;
  route(app, uploadActivityImport, ({ auth, params, body }) =>
    upload(deps, auth, params.projectId, body?.file, kind),
  );
  route(app, downloadActivityImportTemplate, async ({ auth, params, reply }) => {
    const bytes = await template(deps, auth, params.projectId, kind);
    const name = auth.locale === 'fr' ? 'modele-activites.xlsx' : 'activities-template.xlsx';
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
  route(app, getActivityImport, ({ auth, params, query }) =>
    getImport(deps, auth, params.projectId, params.importId, query, kind),
  );
  route(app, setActivityImportMapping, ({ auth, params, body }) =>
    setMapping(deps, auth, params.projectId, params.importId, body.mapping, kind),
  );
  route(app, startActivityImportDryRun, ({ auth, params }) =>
    startDryRun(deps, auth, params.projectId, params.importId, kind),
  );
  route(app, saveActivityImport, ({ auth, params }) =>
    save(deps, auth, params.projectId, params.importId, false, kind),
  );
  route(app, downloadActivityImportErrors, async ({ auth, params, reply }) => {
    const csv = await errorReport(deps, auth, params.projectId, params.importId, kind);
    const name = auth.locale === 'fr' ? 'erreurs-import-activites.csv' : 'activity-import-errors.csv';
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
