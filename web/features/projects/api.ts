import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryOf } from '../../../contracts/http';
import {
  createProject,
  getProject,
  listProjects,
  type ProjectInput,
  setProjectActivation,
  setProjectsActivation,
  updateProject,
} from '../../../contracts/projects';
import { call } from '../../lib/api';

export const projectKeys = {
  all: ['projects'] as const,
  list: (query: QueryOf<typeof listProjects>) => ['projects', 'list', query] as const,
  one: (id: string) => ['projects', 'one', id] as const,
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

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectInput) => call(createProject, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    meta: { silent: true },
  });
}

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
