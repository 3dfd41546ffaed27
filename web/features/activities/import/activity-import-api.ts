import {
  downloadActivityImportErrors,
  downloadActivityImportTemplate,
  getActivityImport,
  saveActivityImport,
  setActivityImportMapping,
  startActivityImportDryRun,
  uploadActivityImport,
} from '../../../../contracts/activity-import';
import { buildUrl, call, upload } from '../../../lib/api';
import type { ImportKindUi } from '../../spreadsheet-import/kind';

/** V1: the activity import's calls, list and texts, for the import page of the engine. */
export const activityImportUi: ImportKindUi = {
  key: 'activity-imports',
  list: '/projects/$projectId/activities',
  sendInscription: false,
  get: (projectId, importId, page, problems, signal) =>
    call(getActivityImport, {
      params: { projectId, importId },
      query: { page, problems: problems ? 'true' : undefined },
      signal,
    }),
  upload: (projectId, form) => upload(uploadActivityImport, form, { params: { projectId } }),
  setMapping: (projectId, importId, mapping) =>
    call(setActivityImportMapping, { params: { projectId, importId }, body: { mapping } }),
  dryRun: (projectId, importId) => call(startActivityImportDryRun, { params: { projectId, importId } }),
  save: (projectId, importId) => call(saveActivityImport, { params: { projectId, importId } }),
  templateUrl: (projectId) => buildUrl(downloadActivityImportTemplate.path, { projectId }),
  errorsUrl: (projectId, importId) => buildUrl(downloadActivityImportErrors.path, { projectId, importId }),
  texts: (t) => ({
    title: t('activityImport.title'),
    back: t('activityImport.back'),
    intro: t('activityImport.intro'),
    doneList: t('activityImport.done.list'),
    doneCreate: (count) => t('activityImport.done.create', { count }),
    confirmCreate: (count) => t('activityImport.confirm.create', { count }),
    confirmUpdate: (count) => t('activityImport.confirm.update', { count }),
  }),
  columns: (t) => [
    { header: t('activityImport.columns.title'), value: (row) => String(row.title ?? '') },
    { header: t('activityImport.columns.start'), value: (row) => String(row.start ?? '') },
  ],
};
