import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadDocument } from '../../../contracts/files';
import type { QueryOf } from '../../../contracts/http';
import {
  addParticipantsToGroup,
  type CreateParticipantInput,
  createParticipant,
  deleteParticipants,
  exportParticipantsCsv,
  exportParticipantsXlsx,
  getParticipant,
  getParticipantFormOptions,
  listParticipantEmails,
  listParticipants,
  type ParticipantExportQuery,
  type ParticipantInput,
  sendInscriptionEmail,
  updateParticipant,
} from '../../../contracts/participants';
import { ApiError, buildUrl, call, upload } from '../../lib/api';
import { groupKeys } from '../groups/api';

export const participantKeys = {
  project: (projectId: string) => ['participants', projectId] as const,
  list: (projectId: string, query: QueryOf<typeof listParticipants>) =>
    ['participants', projectId, 'list', query] as const,
  one: (projectId: string, participantId: string) =>
    ['participants', projectId, 'one', participantId] as const,
  form: (projectId: string) => ['participants', projectId, 'form'] as const,
  emails: (projectId: string, participantId: string) =>
    ['participants', projectId, 'emails', participantId] as const,
};

/** The outbox e-mails sent to a participant in this project (info window). */
export const participantEmailsQuery = (projectId: string, participantId: string) =>
  queryOptions({
    queryKey: participantKeys.emails(projectId, participantId),
    queryFn: ({ signal }) => call(listParticipantEmails, { params: { projectId, participantId }, signal }),
  });

/** The address of the export of the list as it is filtered and sorted (a plain download: the session cookie goes along). */
export function exportUrl(projectId: string, format: 'xlsx' | 'csv', query: ParticipantExportQuery) {
  const endpoint = format === 'xlsx' ? exportParticipantsXlsx : exportParticipantsCsv;
  return buildUrl(endpoint.path, { projectId }, query);
}

/** Uploads a participant's CV (a PDF). */
export function uploadCv(file: File, projectId: string) {
  const form = new FormData();
  form.append('purpose', 'participant.cv');
  form.append('projectId', projectId);
  form.append('file', file);
  return upload(uploadDocument, form);
}

export const participantListQuery = (projectId: string, query: QueryOf<typeof listParticipants>) =>
  queryOptions({
    queryKey: participantKeys.list(projectId, query),
    queryFn: ({ signal }) => call(listParticipants, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const participantQuery = (projectId: string, participantId: string) =>
  queryOptions({
    queryKey: participantKeys.one(projectId, participantId),
    queryFn: ({ signal }) => call(getParticipant, { params: { projectId, participantId }, signal }),
  });

/** The roles, groups and own profile fields the form offers. */
export const participantFormQuery = (projectId: string) =>
  queryOptions({
    queryKey: participantKeys.form(projectId),
    queryFn: ({ signal }) => call(getParticipantFormOptions, { params: { projectId }, signal }),
  });

/**
 * A conflict about one field (this person is already in the project, the e-mail belongs to someone else) is shown
 * under that field, like a validation error.
 */
async function fieldConflictsAsValidation<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.fields.length) {
      throw new ApiError({ ...error, status: 400, requestId: error.requestId ?? undefined });
    }
    throw error;
  }
}

function useParticipantMutation<V, R>(projectId: string, fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Participants carry their groups: the groups' member counts change with them.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: participantKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: groupKeys.all(projectId) }),
      ]),
    meta: { silent },
  });
}

export const useCreateParticipant = (projectId: string) =>
  useParticipantMutation(
    projectId,
    (body: CreateParticipantInput) =>
      fieldConflictsAsValidation(call(createParticipant, { params: { projectId }, body })),
    true,
  );

export const useUpdateParticipant = (projectId: string) =>
  useParticipantMutation(
    projectId,
    ({ participantId, body }: { participantId: string; body: ParticipantInput }) =>
      fieldConflictsAsValidation(call(updateParticipant, { params: { projectId, participantId }, body })),
    true,
  );

export const useDeleteParticipants = (projectId: string) =>
  useParticipantMutation(projectId, (ids: string[]) =>
    call(deleteParticipants, { params: { projectId }, body: { ids } }),
  );

export const useAddParticipantsToGroup = (projectId: string) =>
  useParticipantMutation(projectId, ({ ids, groupId }: { ids: string[]; groupId: string }) =>
    call(addParticipantsToGroup, { params: { projectId }, body: { ids, groupId } }),
  );

export const useSendInscription = (projectId: string) =>
  useParticipantMutation(projectId, (participantId: string) =>
    call(sendInscriptionEmail, { params: { projectId, participantId } }),
  );
