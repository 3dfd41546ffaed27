import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  downloadParticipantImportErrors,
  downloadParticipantImportTemplate,
  getParticipantImport,
  getParticipantImportSettings,
  IMPORT_POLL_MS,
  type ParticipantImport,
  saveParticipantImport,
  setParticipantImportMapping,
  startParticipantImportDryRun,
  uploadParticipantImport,
} from '../../../contracts/participant-import';
import { ApiError, buildUrl, call, upload } from '../../lib/api';

const running = (status?: string) => status === 'analysing' || status === 'saving';

/** The import's retention is over: its data was deleted, the file is to be uploaded again. */
const isExpired = (error: unknown) => error instanceof ApiError && error.code === 'participantImport.expired';

/**
 * The import, polled every 200 ms while it analyses or saves (§4); null once it has expired (the page says so
 * rather than the error popup).
 */
export const importQuery = (projectId: string, importId: string, page: number, problems: boolean) =>
  queryOptions({
    queryKey: ['participant-imports', projectId, importId, page, problems],
    queryFn: ({ signal }) =>
      call(getParticipantImport, {
        params: { projectId, importId },
        query: { page, problems: problems ? 'true' : undefined },
        signal,
      }).catch((error: unknown) => {
        if (isExpired(error)) return null;
        throw error;
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

/** How long the server keeps an import after its last step (IMPORT_RETENTION_DAYS). */
export const importSettingsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['participant-imports', projectId, 'settings'],
    queryFn: ({ signal }) => call(getParticipantImportSettings, { params: { projectId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useImportStep = (projectId: string, importId: string) => {
  const queryClient = useQueryClient();
  // A step refused because the import expired meanwhile: the page reads it again and says so (no error popup).
  const meta = { handled: isExpired };
  const onError = (error: unknown) => {
    if (isExpired(error))
      void queryClient.invalidateQueries({ queryKey: ['participant-imports', projectId, importId] });
  };
  return {
    mapping: useMutation({
      mutationFn: (mapping: (string | null)[]) =>
        call(setParticipantImportMapping, { params: { projectId, importId }, body: { mapping } }),
      onError,
      meta,
    }),
    dryRun: useMutation({
      mutationFn: () => call(startParticipantImportDryRun, { params: { projectId, importId } }),
      onError,
      meta,
    }),
    save: useMutation({
      mutationFn: (sendInscription: boolean) =>
        call(saveParticipantImport, { params: { projectId, importId }, body: { sendInscription } }),
      onError,
      meta,
    }),
  };
};

export const templateUrl = (projectId: string) =>
  buildUrl(downloadParticipantImportTemplate.path, { projectId });
export const errorsUrl = (projectId: string, importId: string) =>
  buildUrl(downloadParticipantImportErrors.path, { projectId, importId });

export type { ParticipantImport };
