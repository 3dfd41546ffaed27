import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DashboardModule,
  type DashboardState,
  getDashboard,
  getDashboardFeed,
  listDashboardWarnings,
  resetDashboardFeed,
  setModuleCompletion,
  setTaskCompletion,
} from '../../../contracts/dashboard';
import { call } from '../../lib/api';

export const dashboardKeys = {
  all: (projectId: string) => ['dashboard', projectId] as const,
  state: (projectId: string) => ['dashboard', projectId, 'state'] as const,
  warnings: (projectId: string) => ['dashboard', projectId, 'warnings'] as const,
  feed: (projectId: string) => ['dashboard', projectId, 'feed'] as const,
};

export const dashboardQuery = (projectId: string) =>
  queryOptions({
    queryKey: dashboardKeys.state(projectId),
    queryFn: ({ signal }) => call(getDashboard, { params: { projectId }, query: {}, signal }),
  });

export const warningsQuery = (projectId: string) =>
  queryOptions({
    queryKey: dashboardKeys.warnings(projectId),
    queryFn: ({ signal }) => call(listDashboardWarnings, { params: { projectId }, query: {}, signal }),
  });

export const feedQuery = (projectId: string) =>
  queryOptions({
    queryKey: dashboardKeys.feed(projectId),
    queryFn: ({ signal }) => call(getDashboardFeed, { params: { projectId }, signal }),
  });

/** What the state looks like with these tasks done or not, before the server answers (optimistic). */
function withTasks(state: DashboardState, ids: string[], done: boolean): DashboardState {
  const tasks = state.tasks.map((task) =>
    ids.includes(task.id) ? { ...task, done, doneAt: null, doneBy: null } : task,
  );
  const modules = state.modules.map((m) => {
    const n = tasks.filter((task) => task.module === m.module && task.done).length;
    return { ...m, done: n, percent: m.total ? Math.floor((n * 100) / m.total) : 0, complete: n === m.total };
  });
  const n = tasks.filter((task) => task.done).length;
  const total = state.progress.total;
  return { tasks, modules, progress: { done: n, total, percent: total ? Math.floor((n * 100) / total) : 0 } };
}

/**
 * A task's or a module's completion: shown at once, put back if the server refuses. `onComplete` runs when the
 * answer brings the progress to 100 % from below (the spec's reload: the caller refreshes the page's data).
 */
export function useCompletion(projectId: string, onComplete: () => void) {
  const queryClient = useQueryClient();
  const key = dashboardKeys.state(projectId);
  return useMutation({
    mutationFn: (change: { taskId?: string; module?: DashboardModule; done: boolean }) =>
      change.module
        ? call(setModuleCompletion, {
            params: { projectId, module: change.module },
            body: { done: change.done },
          })
        : call(setTaskCompletion, {
            params: { projectId, taskId: change.taskId as string },
            body: { done: change.done },
          }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<DashboardState>(key);
      if (before) {
        const ids = change.module
          ? before.tasks.filter((task) => task.module === change.module).map((task) => task.id)
          : [change.taskId as string];
        queryClient.setQueryData(key, withTasks(before, ids, change.done));
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (state, _change, context) => {
      queryClient.setQueryData(key, state);
      if (state.progress.percent === 100 && (context?.before?.progress.percent ?? 0) < 100) onComplete();
    },
  });
}

export function useResetFeed(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(resetDashboardFeed, { params: { projectId } }),
    onSuccess: (feed) => queryClient.setQueryData(dashboardKeys.feed(projectId), feed),
  });
}
