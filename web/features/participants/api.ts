import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryOf } from '../../../contracts/http';
import {
  addParticipantsToGroup,
  type CreateParticipantInput,
  createParticipant,
  deleteParticipants,
  getParticipant,
  getParticipantFormOptions,
  listParticipants,
  type ParticipantInput,
  sendInscriptionEmail,
  updateParticipant,
} from '../../../contracts/participants';
import { ApiError, call } from '../../lib/api';

export const participantKeys = {
  project: (projectId: string) => ['participants', projectId] as const,
  list: (projectId: string, query: QueryOf<typeof listParticipants>) =>
    ['participants', projectId, 'list', query] as const,
  one: (projectId: string, participantId: string) =>
    ['participants', projectId, 'one', participantId] as const,
  form: (projectId: string) => ['participants', projectId, 'form'] as const,
};

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantKeys.project(projectId) }),
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
