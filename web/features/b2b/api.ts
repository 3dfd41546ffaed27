import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type B2bRequestInput,
  type B2bSessionInput,
  createB2bRequest,
  createB2bSession,
  createBlockedPair,
  deleteB2bRequest,
  deleteB2bSession,
  deleteBlockedPair,
  getB2bSession,
  importB2bRequests,
  listB2bPeople,
  listB2bRequests,
  listB2bSessions,
  listBlockedPairs,
  suggestB2bRequests,
  updateB2bRequest,
  updateB2bSession,
} from '../../../contracts/b2b';
import {
  addB2bMeeting,
  cancelB2bGeneration,
  deleteB2bMeeting,
  getB2bExplanations,
  getB2bGeneration,
  getB2bPreflight,
  getB2bSchedule,
  listParticipantMeetings,
  moveB2bMeeting,
  setB2bCap,
  startB2bGeneration,
} from '../../../contracts/b2b-schedule';
import type { QueryOf } from '../../../contracts/http';
import { buildUrl, call, upload } from '../../lib/api';

export const b2bKeys = {
  project: (projectId: string) => ['b2b', projectId] as const,
  sessions: (projectId: string, query: QueryOf<typeof listB2bSessions>) =>
    ['b2b', projectId, 'sessions', query] as const,
  session: (projectId: string, sessionId: string) => ['b2b', projectId, 'session', sessionId] as const,
  part: (projectId: string, sessionId: string, part: string, extra?: unknown) =>
    ['b2b', projectId, 'session', sessionId, part, extra] as const,
};

export const sessionListQuery = (projectId: string, query: QueryOf<typeof listB2bSessions>) =>
  queryOptions({
    queryKey: b2bKeys.sessions(projectId, query),
    queryFn: ({ signal }) => call(listB2bSessions, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const sessionQuery = (projectId: string, sessionId: string) =>
  queryOptions({
    queryKey: b2bKeys.session(projectId, sessionId),
    queryFn: ({ signal }) => call(getB2bSession, { params: { projectId, sessionId }, signal }),
  });

export const requestListQuery = (
  projectId: string,
  sessionId: string,
  query: QueryOf<typeof listB2bRequests>,
) =>
  queryOptions({
    queryKey: b2bKeys.part(projectId, sessionId, 'requests', query),
    queryFn: ({ signal }) => call(listB2bRequests, { params: { projectId, sessionId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const peopleQuery = (projectId: string, sessionId: string, q: string) =>
  queryOptions({
    queryKey: b2bKeys.part(projectId, sessionId, 'people', q),
    queryFn: ({ signal }) => call(listB2bPeople, { params: { projectId, sessionId }, query: { q }, signal }),
    placeholderData: keepPreviousData,
  });

export const blockedQuery = (projectId: string, sessionId: string) =>
  queryOptions({
    queryKey: b2bKeys.part(projectId, sessionId, 'blocked'),
    queryFn: ({ signal }) => call(listBlockedPairs, { params: { projectId, sessionId }, signal }),
  });

export const preflightQuery = (projectId: string, sessionId: string) =>
  queryOptions({
    queryKey: b2bKeys.part(projectId, sessionId, 'preflight'),
    queryFn: ({ signal }) => call(getB2bPreflight, { params: { projectId, sessionId }, signal }),
  });

export const scheduleQuery = (projectId: string, sessionId: string) =>
  queryOptions({
    queryKey: b2bKeys.part(projectId, sessionId, 'schedule'),
    queryFn: ({ signal }) => call(getB2bSchedule, { params: { projectId, sessionId }, signal }),
  });

export const explanationsQuery = (projectId: string, sessionId: string) =>
  queryOptions({
    queryKey: b2bKeys.part(projectId, sessionId, 'explanations'),
    queryFn: ({ signal }) => call(getB2bExplanations, { params: { projectId, sessionId }, signal }),
  });

/** The latest generation, read again every second while it is queued or running. */
export const generationQuery = (projectId: string, sessionId: string) =>
  queryOptions({
    queryKey: b2bKeys.part(projectId, sessionId, 'generation'),
    queryFn: ({ signal }) => call(getB2bGeneration, { params: { projectId, sessionId }, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.generation?.status;
      return status === 'queued' || status === 'running' ? 1000 : false;
    },
  });

export const participantMeetingsQuery = (projectId: string, participantId: string) =>
  queryOptions({
    queryKey: ['b2b', projectId, 'participant', participantId] as const,
    queryFn: ({ signal }) => call(listParticipantMeetings, { params: { projectId, participantId }, signal }),
  });

export const requestExportUrl = (projectId: string, sessionId: string) =>
  buildUrl('/api/projects/:projectId/b2b-sessions/:sessionId/requests/export', { projectId, sessionId });
export const scheduleExportUrl = (projectId: string, sessionId: string) =>
  buildUrl('/api/projects/:projectId/b2b-sessions/:sessionId/schedule/export', { projectId, sessionId });

/** Every B2B change refreshes what the project's B2B screens (and agendas) show. */
function useB2bMutation<V, R>(projectId: string, fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: b2bKeys.project(projectId) }),
  });
}

export const useSaveSession = (projectId: string) =>
  useB2bMutation(projectId, ({ sessionId, body }: { sessionId: string | null; body: B2bSessionInput }) =>
    sessionId
      ? call(updateB2bSession, { params: { projectId, sessionId }, body })
      : call(createB2bSession, { params: { projectId }, body }),
  );

export const useDeleteSession = (projectId: string) =>
  useB2bMutation(projectId, (sessionId: string) =>
    call(deleteB2bSession, { params: { projectId, sessionId } }),
  );

export const useSaveRequest = (projectId: string, sessionId: string) =>
  useB2bMutation(projectId, ({ requestId, body }: { requestId: string | null; body: B2bRequestInput }) =>
    requestId
      ? call(updateB2bRequest, { params: { projectId, sessionId, requestId }, body })
      : call(createB2bRequest, { params: { projectId, sessionId }, body }),
  );

export const useDeleteRequest = (projectId: string, sessionId: string) =>
  useB2bMutation(projectId, (requestId: string) =>
    call(deleteB2bRequest, { params: { projectId, sessionId, requestId } }),
  );

export const useImportRequests = (projectId: string, sessionId: string) =>
  useB2bMutation(projectId, ({ file, save }: { file: File; save: boolean }) => {
    const form = new FormData();
    form.append('save', save ? 'true' : 'false');
    form.append('file', file);
    return upload(importB2bRequests, form, { params: { projectId, sessionId } });
  });

export const useSuggestRequests = (projectId: string, sessionId: string) =>
  useB2bMutation(projectId, (perPerson: number) =>
    call(suggestB2bRequests, { params: { projectId, sessionId }, body: { perPerson } }),
  );

export const useBlockPair = (projectId: string, sessionId: string) =>
  useB2bMutation(projectId, (body: { participantA: string; participantB: string }) =>
    call(createBlockedPair, { params: { projectId, sessionId }, body }),
  );

export const useUnblockPair = (projectId: string, sessionId: string) =>
  useB2bMutation(projectId, (pairId: string) =>
    call(deleteBlockedPair, { params: { projectId, sessionId, pairId } }),
  );

export const useSetCap = (projectId: string, sessionId: string) =>
  useB2bMutation(projectId, ({ participantId, cap }: { participantId: string; cap: number | null }) =>
    call(setB2bCap, { params: { projectId, sessionId, participantId }, body: { cap } }),
  );

export const useStartGeneration = (projectId: string, sessionId: string) =>
  useB2bMutation(projectId, () => call(startB2bGeneration, { params: { projectId, sessionId } }));

export const useCancelGeneration = (projectId: string, sessionId: string) =>
  useB2bMutation(projectId, (generationId: string) =>
    call(cancelB2bGeneration, { params: { projectId, sessionId, generationId } }),
  );

export const useMoveMeeting = (projectId: string, sessionId: string) =>
  useB2bMutation(
    projectId,
    ({ meetingId, slot, table }: { meetingId: string; slot: number; table: number }) =>
      call(moveB2bMeeting, { params: { projectId, sessionId, meetingId }, body: { slot, table } }),
  );

export const useDeleteMeeting = (projectId: string, sessionId: string) =>
  useB2bMutation(projectId, (meetingId: string) =>
    call(deleteB2bMeeting, { params: { projectId, sessionId, meetingId } }),
  );

export const useAddMeeting = (projectId: string, sessionId: string) =>
  useB2bMutation(
    projectId,
    (body: { participantA: string; participantB: string; slot: number; table: number }) =>
      call(addB2bMeeting, { params: { projectId, sessionId }, body }),
  );
