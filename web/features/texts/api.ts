import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../contracts/http';
import {
  getTextEntry,
  listMissingTranslations,
  listProjectTexts,
  saveTextBoth,
  saveTextLanguage,
  type TextEntry,
} from '../../../contracts/texts';
import { call } from '../../lib/api';

export const textKeys = {
  all: ['texts'] as const,
  one: (kind: string, ownerId: string) => ['texts', 'one', kind, ownerId] as const,
  project: (projectId: string) => ['texts', 'project', projectId] as const,
  missing: (projectId: string) => ['texts', 'missing', projectId] as const,
};

export const textQuery = (kind: string, ownerId: string) =>
  queryOptions({
    queryKey: textKeys.one(kind, ownerId),
    queryFn: ({ signal }) => call(getTextEntry, { params: { kind, ownerId }, signal }),
  });

export const projectTextsQuery = (projectId: string) =>
  queryOptions({
    queryKey: textKeys.project(projectId),
    queryFn: ({ signal }) => call(listProjectTexts, { params: { projectId }, signal }),
  });

export const missingTranslationsQuery = (projectId: string) =>
  queryOptions({
    queryKey: textKeys.missing(projectId),
    queryFn: ({ signal }) => call(listMissingTranslations, { params: { projectId }, signal }),
  });

/** After a save: the text itself is known; the lists that show it are read again. */
function useWriteBack() {
  const queryClient = useQueryClient();
  return (entry: TextEntry) => {
    queryClient.setQueryData(textKeys.one(entry.kind, entry.ownerId), entry);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ['texts', 'project'] }),
      queryClient.invalidateQueries({ queryKey: ['texts', 'missing'] }),
    ]);
  };
}

/** E1: one language, from the inline editor. */
export function useSaveTextLanguage(kind: string, ownerId: string) {
  const writeBack = useWriteBack();
  return useMutation({
    mutationFn: (body: { language: Language; text: string }) =>
      call(saveTextLanguage, { params: { kind, ownerId }, body }),
    onSuccess: writeBack,
    meta: { silent: true },
  });
}

/** E2: both languages, from the modal editor. */
export function useSaveTextBoth(kind: string, ownerId: string) {
  const writeBack = useWriteBack();
  return useMutation({
    mutationFn: (body: { fr: string; en: string }) => call(saveTextBoth, { params: { kind, ownerId }, body }),
    onSuccess: writeBack,
    meta: { silent: true },
  });
}
