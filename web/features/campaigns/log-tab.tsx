import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_STATUSES, type CampaignSummary } from '../../../contracts/campaigns';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { ListFilter } from '../../components/data-table/list-filter';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { projectQuery } from '../projects/api';
import { campaignListQuery } from './api';
import { CampaignDetail } from './campaign-detail';
import { CampaignStatusBadge } from './campaign-status-badge';
import { mailSearch } from './search';

type Figure = 'queued' | 'sent' | 'failed' | 'kept' | 'bounced' | 'skipped';
export const LOG_FIGURES: Figure[] = ['queued', 'sent', 'failed', 'kept', 'bounced', 'skipped'];

/** A batch's subject in the reader's language (the other one when that one is empty). */
export function useSubjectOf() {
  const { t, i18n } = useTranslation();
  return (subject: { fr: string; en: string }) => {
    const [mine, other] = i18n.language === 'en' ? [subject.en, subject.fr] : [subject.fr, subject.en];
    return mine || other || t('campaigns.log.noSubject');
  };
}

/**
 * C5: the log of the project's e-mail batches, newest first, with their figures; a batch opens its details in
 * place of the list (`&campaign=<id>` in the URL), with a way back. Times are the project's zone's, like the
 * planned time the organiser typed.
 */
export function LogTab({ projectId, campaignId }: { projectId: string; campaignId?: string }) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormat();
  const subjectOf = useSubjectOf();
  // The list's state lives in the URL (P5), read here: anything unreadable falls back to the default.
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const search = useMemo(() => mailSearch.parse(raw), [raw]);
  const navigateTo = useNavigate();
  const navigate = (options: { search: (prev: object) => object }) =>
    navigateTo({ to: '/projects/$projectId/mail', params: { projectId }, search: options.search as never });
  const { tab: _tab, campaign: _campaign, status, ...listState } = search;
  const query = {
    ...listQueryOf(listState),
    sort: listState.sort ?? 'createdAt',
    dir: listState.dir ?? 'desc',
    status,
  };
  const list = useQuery({ ...campaignListQuery(projectId, query), enabled: !campaignId });
  const timeZone = useQuery(projectQuery(projectId)).data?.timeZone;

  if (campaignId) {
    return (
      <CampaignDetail
        projectId={projectId}
        campaignId={campaignId}
        timeZone={timeZone}
        backSearch={{ ...search, campaign: undefined }}
      />
    );
  }

  const columns: Column<CampaignSummary>[] = [
    {
      key: 'subject',
      header: t('campaigns.log.columns.subject'),
      render: (c) => (
        <AnchorTo
          to="/projects/$projectId/mail"
          params={{ projectId }}
          search={{ ...search, campaign: c.id }}
          size="sm"
          display="block"
          truncate="end"
          maw={320}
          title={subjectOf(c.subject)}
        >
          {subjectOf(c.subject)}
        </AnchorTo>
      ),
    },
    {
      key: 'status',
      header: t('campaigns.log.columns.status'),
      sortKey: 'status',
      width: 140,
      render: (c) => <CampaignStatusBadge status={c.status} />,
    },
    {
      key: 'plannedAt',
      header: t('campaigns.log.columns.plannedAt'),
      sortKey: 'plannedAt',
      noWrap: true,
      render: (c) => (c.plannedAt ? dateTime(c.plannedAt, timeZone) : '—'),
    },
    {
      key: 'createdAt',
      header: t('campaigns.log.columns.createdAt'),
      sortKey: 'createdAt',
      noWrap: true,
      render: (c) => dateTime(c.createdAt, timeZone),
    },
    {
      key: 'recipients',
      header: t('campaigns.log.figures.recipients'),
      align: 'right',
      render: (c) => number(c.figures.recipients),
    },
    ...LOG_FIGURES.map(
      (figure): Column<CampaignSummary> => ({
        key: figure,
        header: t(`campaigns.log.figures.${figure}`),
        align: 'right',
        render: (c) => (
          <Text
            size="sm"
            c={c.figures[figure] && (figure === 'failed' || figure === 'bounced') ? 'red' : undefined}
          >
            {number(c.figures[figure])}
          </Text>
        ),
      }),
    ),
  ];

  return (
    <DataTable
      label={t('campaigns.log.title')}
      columns={columns}
      {...bindListTable(list, { ...listState, sort: query.sort, dir: query.dir }, navigate)}
      getRowId={(c) => c.id}
      onRowClick={(c) => void navigate({ search: (prev) => ({ ...prev, campaign: c.id }) })}
      emptyText={t('campaigns.log.empty')}
      filters={
        <ListFilter
          label={t('campaigns.log.statusFilter')}
          options={[
            { value: 'all', label: t('campaigns.log.allStatuses') },
            ...CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`campaigns.log.status.${s}`) })),
          ]}
          value={status}
          onChange={(next) =>
            void navigate({
              search: (prev) => ({ ...prev, status: next === 'all' ? undefined : next, page: undefined }),
            })
          }
          testId="campaign-status-filter"
        />
      }
    />
  );
}
