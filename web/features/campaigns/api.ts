import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CampaignInput,
  type CampaignStatus,
  cancelCampaign,
  countCampaignRecipients,
  createCampaign,
  getCampaign,
  listCampaignRecipients,
  listCampaigns,
  sendTestCampaign,
} from '../../../contracts/campaigns';
import type { BodyOf, QueryOf } from '../../../contracts/http';
import { call } from '../../lib/api';

export const campaignKeys = {
  all: (projectId: string) => ['campaigns', projectId] as const,
  list: (projectId: string, query: QueryOf<typeof listCampaigns>) =>
    ['campaigns', projectId, 'list', query] as const,
  one: (projectId: string, campaignId: string) => ['campaigns', projectId, 'one', campaignId] as const,
  recipients: (projectId: string, campaignId: string, query: QueryOf<typeof listCampaignRecipients>) =>
    ['campaigns', projectId, 'one', campaignId, 'recipients', query] as const,
};

/** A batch still moving (planned, or being sent) is read again every second: its figures and progress. */
export const POLL_MS = 1000;
const isMoving = (status: CampaignStatus | undefined) => status === 'planned' || status === 'sending';

export const campaignListQuery = (projectId: string, query: QueryOf<typeof listCampaigns>) =>
  queryOptions({
    queryKey: campaignKeys.list(projectId, query),
    queryFn: ({ signal }) => call(listCampaigns, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
    // The figures of a batch being sent move: the list follows them while one is.
    refetchInterval: (q) => (q.state.data?.items.some((c) => c.status === 'sending') ? POLL_MS : false),
  });

export const campaignQuery = (projectId: string, campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.one(projectId, campaignId),
    queryFn: ({ signal }) => call(getCampaign, { params: { projectId, campaignId }, signal }),
    refetchInterval: (q) => (isMoving(q.state.data?.status) ? POLL_MS : false),
  });

export const campaignRecipientsQuery = (
  projectId: string,
  campaignId: string,
  query: QueryOf<typeof listCampaignRecipients>,
  moving: boolean,
) =>
  queryOptions({
    // Read again when the batch stops moving (its last states), then no more.
    queryKey: [...campaignKeys.recipients(projectId, campaignId, query), moving],
    queryFn: ({ signal }) =>
      call(listCampaignRecipients, { params: { projectId, campaignId }, query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: moving ? POLL_MS : false,
  });

/** How many people an audience reaches, and how many of them unsubscribed (the confirmation before sending). */
export const useCountRecipients = (projectId: string) =>
  useMutation({
    mutationFn: (body: BodyOf<typeof countCampaignRecipients>) =>
      call(countCampaignRecipients, { params: { projectId }, body }),
    meta: { silent: true },
  });

export const useSendTest = (projectId: string) =>
  useMutation({
    mutationFn: (body: BodyOf<typeof sendTestCampaign>) =>
      call(sendTestCampaign, { params: { projectId }, body }),
    meta: { silent: true },
  });

export function useCreateCampaign(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignInput) => call(createCampaign, { params: { projectId }, body }),
    meta: { silent: true },
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.one(projectId, campaign.id), campaign);
      return queryClient.invalidateQueries({ queryKey: [...campaignKeys.all(projectId), 'list'] });
    },
  });
}

export function useCancelCampaign(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) => call(cancelCampaign, { params: { projectId, campaignId } }),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.one(projectId, campaign.id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all(projectId) });
    },
  });
}
