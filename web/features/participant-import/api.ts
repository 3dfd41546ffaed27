import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  downloadParticipantImportErrors,
  downloadParticipantImportTemplate,
  getParticipantImport,
  IMPORT_POLL_MS,
  type ParticipantImport,
  saveParticipantImport,
  setParticipantImportMapping,
  startParticipantImportDryRun,
  uploadParticipantImport,
} from '../../../contracts/participant-import';
import { buildUrl, call, upload } from '../../lib/api';

const running = (status?: string) => status === 'analysing' || status === 'saving';

/** The import, polled every 200 ms while it analyses or saves (§4). */
export const importQuery = (projectId: string, importId: string, page: number, problems: boolean) =>
  queryOptions({
    queryKey: ['participant-imports', projectId, importId, page, problems],
    queryFn: ({ signal }) =>
      call(getParticipantImport, {
        params: { projectId, importId },
        query: { page, problems: problems ? 'true' : undefined },
        signal,
      }),
    refetchInterval: (query) => (running(query.state.data?.status) ? IMPORT_POLL_MS : false),
  });

export const useUploadImport = (projectId: string) =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return upload(uploadParticipantImport, form, { params: { projectId } });
    },
  });

export const useImportStep = (projectId: string, importId: string) => ({
  mapping: useMutation({
    mutationFn: (mapping: (string | null)[]) =>
      call(setParticipantImportMapping, { params: { projectId, importId }, body: { mapping } }),
  }),
  dryRun: useMutation({
    mutationFn: () => call(startParticipantImportDryRun, { params: { projectId, importId } }),
  }),
  save: useMutation({
    mutationFn: (sendInscription: boolean) =>
      call(saveParticipantImport, { params: { projectId, importId }, body: { sendInscription } }),
  }),
});

export const templateUrl = (projectId: string) =>
  buildUrl(downloadParticipantImportTemplate.path, { projectId });
export const errorsUrl = (projectId: string, importId: string) =>
  buildUrl(downloadParticipantImportErrors.path, { projectId, importId });

export type { ParticipantImport };
