import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryOf } from '../../../contracts/http';
import {
  createMailTemplate,
  deleteMailTemplate,
  getMailTemplate,
  listMailTemplates,
  type MailTemplateInput,
  updateMailTemplate,
} from '../../../contracts/mail-templates';
import { call } from '../../lib/api';

type TemplateQuery = QueryOf<typeof listMailTemplates>;

export const mailTemplateKeys = {
  all: (projectId: string) => ['mail-templates', projectId] as const,
  list: (projectId: string, params: TemplateQuery) => ['mail-templates', projectId, 'list', params] as const,
  one: (projectId: string, templateId: string) => ['mail-templates', projectId, 'one', templateId] as const,
};

/** C3: a page of the project's templates (P5: search, sort, paging); the rows stay while the next page loads. */
export const mailTemplateListQuery = (projectId: string, params: TemplateQuery) =>
  queryOptions({
    queryKey: mailTemplateKeys.list(projectId, params),
    queryFn: ({ signal }) => call(listMailTemplates, { params: { projectId }, query: params, signal }),
    placeholderData: keepPreviousData,
  });

/** One template with its bodies (the edit modal, the import). */
export const mailTemplateQuery = (projectId: string, templateId: string) =>
  queryOptions({
    queryKey: mailTemplateKeys.one(projectId, templateId),
    queryFn: ({ signal }) => call(getMailTemplate, { params: { projectId, templateId }, signal }),
  });

/** Every change refreshes the project's templates (the list, the import select, an open template). */
function useTemplateMutation<V, R>(projectId: string, fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailTemplateKeys.all(projectId) }),
    meta: { silent },
  });
}

/** The form shows its own field errors: the save is silent. */
export const useSaveMailTemplate = (projectId: string) =>
  useTemplateMutation(
    projectId,
    ({ templateId, body }: { templateId: string | null; body: MailTemplateInput }) =>
      templateId
        ? call(updateMailTemplate, { params: { projectId, templateId }, body })
        : call(createMailTemplate, { params: { projectId }, body }),
    true,
  );

export const useDeleteMailTemplate = (projectId: string) =>
  useTemplateMutation(projectId, (templateId: string) =>
    call(deleteMailTemplate, { params: { projectId, templateId } }),
  );
