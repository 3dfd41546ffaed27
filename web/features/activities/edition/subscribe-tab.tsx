import { Anchor, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INSCRIPTION_STATUSES } from '../../../../contracts/activity-access';
import { useFormat } from '../../../lib/format';
import { activityListQuery, activityQuery } from '../api';
import { AccessEditor } from '../hosts/access-editor';
import { activityReportQuery, membersCsvUrl, useSetParent } from '../hosts/api';
import { HostManager } from '../hosts/host-manager';
import { useLocalizedName } from '../localized-name';
import type { EditionTabProps } from './tabs';

/**
 * V4 subscribe tab: the inscriptions' figures (per status, seats used of the maximum) with the members' CSV, the
 * hosts, the groups and roles that may see the activity, and its parent activity.
 */
export function SubscribeTab({ projectId, activityId }: EditionTabProps) {
  return (
    <Stack>
      <Report projectId={projectId} activityId={activityId} />
      <HostManager projectId={projectId} activityId={activityId} />
      <Paper withBorder p="md">
        <AccessEditor projectId={projectId} owner={{ kind: 'activity', activityId }} />
      </Paper>
      <ParentSelect projectId={projectId} activityId={activityId} />
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Stack>
  );
}

function Report({ projectId, activityId }: EditionTabProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const report = useQuery(activityReportQuery(projectId, activityId));
  const data = report.data;
  return (
    <Paper withBorder p="md" data-testid="activity-report">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {t('activities.subscribe.report')}
        </Title>
        <Anchor href={membersCsvUrl(projectId, activityId)} download size="sm">
          <Group gap={4} component="span">
            <IconDownload size={14} aria-hidden />
            {t('activities.subscribe.export')}
          </Group>
        </Anchor>
      </Group>
      {!data ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
          {INSCRIPTION_STATUSES.map((status) => (
            <Figure
              key={status}
              testId={`count-${status}`}
              label={t(`activities.subscribe.statuses.${status}`)}
              value={format.number(data.counts[status])}
            />
          ))}
          <Figure
            testId="seats"
            label={t('activities.subscribe.seats')}
            value={
              data.maxMembers === null
                ? t('activities.subscribe.seatsUnlimited', { used: data.total })
                : t('activities.subscribe.seatsOf', { used: data.total, max: data.maxMembers })
            }
          />
          <Figure
            testId="seats-left"
            label={t('activities.subscribe.seatsLeft')}
            value={
              data.seatsLeft === null ? t('activities.subscribe.unlimited') : format.number(data.seatsLeft)
            }
          />
        </SimpleGrid>
      )}
    </Paper>
  );
}

/** The parent: one of the project's other activities (the first 100 by title, searched on the server as typed). */
function ParentSelect({ projectId, activityId }: EditionTabProps) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const activity = useQuery(activityQuery(projectId, activityId));
  const parentId = activity.data?.parentId ?? null;
  const parent = useQuery({ ...activityQuery(projectId, parentId ?? ''), enabled: Boolean(parentId) });
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const options = useQuery({
    ...activityListQuery(projectId, { past: 'true', pageSize: 100, sort: 'title', q: q || undefined }),
    placeholderData: keepPreviousData,
  });
  const save = useSetParent(projectId, activityId);
  const items = (options.data?.items ?? []).filter((a) => a.id !== activityId);
  const data = items.map((a) => ({ value: a.id, label: nameOf(a.title) }));
  if (parent.data && !data.some((o) => o.value === parent.data.id)) {
    data.unshift({ value: parent.data.id, label: nameOf(parent.data.title) });
  }
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h3" mb="sm">
        {t('activities.subscribe.parent.title')}
      </Title>
      <Select
        label={t('activities.subscribe.parent.label')}
        description={t('activities.subscribe.parent.hint')}
        placeholder={t('activities.subscribe.parent.none')}
        data={data}
        value={parentId}
        searchable
        clearable
        onSearchChange={setSearch}
        disabled={save.isPending || !activity.data}
        onChange={(value) => {
          const next = value === null ? null : String(value);
          if (next === parentId) return;
          save.mutate(next, {
            onSuccess: () =>
              notifications.show({ color: 'teal', message: t('activities.subscribe.parent.saved') }),
          });
        }}
        data-testid="parent-select"
        maw={480}
      />
    </Paper>
  );
}
