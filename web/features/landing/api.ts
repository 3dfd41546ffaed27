import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listLandingActivities, saveLandingSelection } from '../../../contracts/landing';
import { call } from '../../lib/api';
import { activityKeys } from '../activities/api';

const landingKey = (projectId: string) => [...activityKeys.project(projectId), 'landing'] as const;

/** J6: every activity of the project, with whether the landing page shows it. */
export const landingActivitiesQuery = (projectId: string) =>
  queryOptions({
    queryKey: landingKey(projectId),
    queryFn: ({ signal }) => call(listLandingActivities, { params: { projectId }, signal }),
  });

/** J6: one save of the whole selection. */
export function useSaveLandingSelection(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityIds: string[]) =>
      call(saveLandingSelection, { params: { projectId }, body: { activityIds } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: landingKey(projectId) }),
  });
}
