import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryOf } from '../../../contracts/http';
import { listProjectOptions, setProjectOption } from '../../../contracts/project-options';
import {
  getProject,
  listProjects,
  type Project,
  type ProjectBrandingInput,
  type ProjectColoursInput,
  type ProjectInput,
  setProjectActivation,
  setProjectAutoNotification,
  setProjectBranding,
  setProjectColours,
  setProjectsActivation,
  updateProject,
} from '../../../contracts/projects';
import { call } from '../../lib/api';

export const projectKeys = {
  all: ['projects'] as const,
  list: (query: QueryOf<typeof listProjects>) => ['projects', 'list', query] as const,
  one: (id: string) => ['projects', 'one', id] as const,
  options: (id: string) => ['projects', 'options', id] as const,
};

export const projectListQuery = (query: QueryOf<typeof listProjects>) =>
  queryOptions({
    queryKey: projectKeys.list(query),
    queryFn: ({ signal }) => call(listProjects, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.one(projectId),
    queryFn: ({ signal }) => call(getProject, { params: { projectId }, signal }),
  });

export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectInput) => call(updateProject, { params: { projectId }, body }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.one(projectId), project);
      return queryClient.invalidateQueries({ queryKey: ['projects', 'list'] });
    },
    meta: { silent: true },
  });
}

export function useSetActivation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isActive: boolean) =>
      call(setProjectActivation, { params: { projectId }, body: { isActive } }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.one(projectId), project);
      return queryClient.invalidateQueries({ queryKey: ['projects', 'list'] });
    },
  });
}

export function useSetManyActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectIds: string[]; isActive: boolean }) => call(setProjectsActivation, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

// ---------- J3: project configuration ----------

/** The saved project replaces the cached one; lists are refreshed. */
function useProjectSaved(projectId: string) {
  const queryClient = useQueryClient();
  return (project: Project) => {
    queryClient.setQueryData(projectKeys.one(projectId), project);
    return queryClient.invalidateQueries({ queryKey: ['projects', 'list'] });
  };
}

export const projectOptionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.options(projectId),
    queryFn: ({ signal }) => call(listProjectOptions, { params: { projectId }, signal }),
  });

/** Saves one option at once; the switch shows the new value at once and goes back if the save fails. */
export function useSetOption(projectId: string) {
  const queryClient = useQueryClient();
  const key = projectKeys.options(projectId);
  type Options = { items: { id: number; value: boolean }[] };
  return useMutation({
    mutationFn: (body: { optionId: number; value: boolean }) =>
      call(setProjectOption, { params: { projectId }, body }),
    onMutate: async ({ optionId, value }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Options>(key);
      queryClient.setQueryData<Options>(key, (old) =>
        old ? { items: old.items.map((o) => (o.id === optionId ? { ...o, value } : o)) } : old,
      );
      return { before };
    },
    onError: (_error, _body, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useSetAutoNotification(projectId: string) {
  const saved = useProjectSaved(projectId);
  return useMutation({
    mutationFn: (autoNotification: boolean) =>
      call(setProjectAutoNotification, { params: { projectId }, body: { autoNotification } }),
    onSuccess: saved,
  });
}

export function useSetColours(projectId: string) {
  const saved = useProjectSaved(projectId);
  return useMutation({
    mutationFn: (body: ProjectColoursInput) => call(setProjectColours, { params: { projectId }, body }),
    onSuccess: saved,
  });
}

export function useSetBranding(projectId: string) {
  const saved = useProjectSaved(projectId);
  return useMutation({
    mutationFn: (body: ProjectBrandingInput) => call(setProjectBranding, { params: { projectId }, body }),
    onSuccess: saved,
  });
}
