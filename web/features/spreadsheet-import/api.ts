import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getParticipantImportSettings } from '../../../contracts/participant-import';
import { IMPORT_POLL_MS } from '../../../contracts/spreadsheet-import';
import { ApiError, call } from '../../lib/api';
import type { ImportKindUi, ImportView } from './kind';

const running = (status?: string) => status === 'analysing' || status === 'saving';

/** The import's retention is over: its data was deleted, the file is to be uploaded again. */
const isExpired = (error: unknown) => error instanceof ApiError && error.code === 'participantImport.expired';

/**
 * An import of any kind, polled every 200 ms while it analyses or saves (§4); null once it has expired (the page says
 * so rather than the error popup).
 */
export const importQuery = (
  kind: ImportKindUi,
  projectId: string,
  importId: string,
  page: number,
  problems: boolean,
) =>
  queryOptions({
    queryKey: [kind.key, projectId, importId, page, problems],
    queryFn: ({ signal }): Promise<ImportView | null> =>
      kind.get(projectId, importId, page, problems, signal).catch((error: unknown) => {
        if (isExpired(error)) return null;
        throw error;
      }),
    refetchInterval: (query) => (running(query.state.data?.status) ? IMPORT_POLL_MS : false),
  });

export const useUploadImport = (kind: ImportKindUi, projectId: string) =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return kind.upload(projectId, form);
    },
  });

/** How long the server keeps an import after its last step (IMPORT_RETENTION_DAYS; one setting for every kind). */
export const importSettingsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['participant-imports', projectId, 'settings'],
    queryFn: ({ signal }) => call(getParticipantImportSettings, { params: { projectId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useImportStep = (kind: ImportKindUi, projectId: string, importId: string) => {
  const queryClient = useQueryClient();
  // A step refused because the import expired meanwhile: the page reads it again and says so (no error popup).
  const meta = { handled: isExpired };
  const onError = (error: unknown) => {
    if (isExpired(error)) void queryClient.invalidateQueries({ queryKey: [kind.key, projectId, importId] });
  };
  return {
    mapping: useMutation({
      mutationFn: (mapping: (string | null)[]) => kind.setMapping(projectId, importId, mapping),
      onError,
      meta,
    }),
    dryRun: useMutation({ mutationFn: () => kind.dryRun(projectId, importId), onError, meta }),
    save: useMutation({
      mutationFn: (sendInscription: boolean) => kind.save(projectId, importId, sendInscription),
      onError,
      meta,
    }),
  };
};
