import {
  downloadParticipantImportErrors,
  downloadParticipantImportTemplate,
  getParticipantImport,
  saveParticipantImport,
  setParticipantImportMapping,
  startParticipantImportDryRun,
  uploadParticipantImport,
} from '../../../contracts/participant-import';
import { buildUrl, call, upload } from '../../lib/api';
import type { ImportKindUi } from '../spreadsheet-import/kind';

/** U3: the participant import's calls, list and texts. */
export const participantImportUi: ImportKindUi = {
  key: 'participant-imports',
  list: '/projects/$projectId/participants',
  sendInscription: true,
  get: (projectId, importId, page, problems, signal) =>
    call(getParticipantImport, {
      params: { projectId, importId },
      query: { page, problems: problems ? 'true' : undefined },
      signal,
    }),
  upload: (projectId, form) => upload(uploadParticipantImport, form, { params: { projectId } }),
  setMapping: (projectId, importId, mapping) =>
    call(setParticipantImportMapping, { params: { projectId, importId }, body: { mapping } }),
  dryRun: (projectId, importId) => call(startParticipantImportDryRun, { params: { projectId, importId } }),
  save: (projectId, importId, sendInscription) =>
    call(saveParticipantImport, { params: { projectId, importId }, body: { sendInscription } }),
  templateUrl: (projectId) => buildUrl(downloadParticipantImportTemplate.path, { projectId }),
  errorsUrl: (projectId, importId) => buildUrl(downloadParticipantImportErrors.path, { projectId, importId }),
  texts: (t) => ({
    title: t('participantImport.title'),
    back: t('participantImport.back'),
    intro: t('participantImport.upload.intro'),
    doneList: t('participantImport.done.list'),
    doneCreate: (count) => t('participantImport.done.create', { count }),
    confirmCreate: (count) => t('participantImport.confirm.create', { count }),
    confirmUpdate: (count) => t('participantImport.confirm.update', { count }),
  }),
  columns: (t) => [
    { header: t('participantImport.columns.email'), value: (row) => String(row.email ?? '') },
    { header: t('participantImport.columns.name'), value: (row) => String(row.name ?? '') },
  ],
};
