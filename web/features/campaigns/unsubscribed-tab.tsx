import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Unsubscribed, unsubscribedSortable } from '../../../contracts/unsubscribe';
import { type Column, DataTable, fromQuery } from '../../components/data-table/data-table';
import { type ListState, listQueryOf } from '../../components/data-table/list-search';
import { ConfirmModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';
import { unsubscribedListQuery, unsubscribesCsvUrl, useResubscribe } from './unsubscribe-api';

type Sortable = (typeof unsubscribedSortable)[number];

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/**
 * CASL: who unsubscribed from the project's campaigns, and when (latest first), searchable and sortable. A person who
 * asks to receive them again is resubscribed after a confirmation that says it is at their request.
 */
export function UnsubscribedTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const [state, setState] = useState<ListState>({});
  const query = { ...listQueryOf(state), sort: state.sort as Sortable | undefined };
  const list = useQuery(unsubscribedListQuery(projectId, query));
  const resubscribe = useResubscribe(projectId);
  const [asked, setAsked] = useState<Unsubscribed | null>(null);

  const columns: Column<Unsubscribed>[] = [
    { key: 'name', header: t('unsubscribe.list.columns.name'), sortKey: 'name', render: fullName },
    { key: 'email', header: t('unsubscribe.list.columns.email'), sortKey: 'email', render: (p) => p.email },
    {
      key: 'organisation',
      header: t('unsubscribe.list.columns.organisation'),
      render: (p) => p.organisation ?? '',
    },
    {
      key: 'unsubscribedAt',
      header: t('unsubscribe.list.columns.unsubscribedAt'),
      sortKey: 'unsubscribedAt',
      noWrap: true,
      render: (p) => dateTime(p.unsubscribedAt),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (p) => (
        <Button
          variant="subtle"
          size="xs"
          aria-label={t('unsubscribe.list.resubscribeOf', { name: fullName(p) })}
          onClick={() => setAsked(p)}
        >
          {t('unsubscribe.list.resubscribe')}
        </Button>
      ),
    },
  ];

  function handleResubscribe(person: Unsubscribed) {
    resubscribe.mutate(person.participantId, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: t('unsubscribe.list.resubscribed', { name: fullName(person) }),
        });
        setAsked(null);
      },
    });
  }

  return (
    <Stack>
      <Group justify="flex-end">
        <Button
          component="a"
          href={unsubscribesCsvUrl(projectId, { q: query.q, sort: query.sort, dir: query.dir })}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t('unsubscribe.export.download')}
        </Button>
      </Group>
      <DataTable<Unsubscribed>
        label={t('unsubscribe.list.label')}
        columns={columns}
        {...fromQuery(list)}
        state={state}
        onStateChange={setState}
        getRowId={(p) => p.participantId}
        emptyState={
          <Text size="sm" c="dimmed" maw={640} mx="auto" data-testid="unsubscribed-empty">
            {t('unsubscribe.list.empty')}
          </Text>
        }
      />
      {asked && (
        <ConfirmModal
          opened
          title={t('unsubscribe.list.resubscribeTitle', { name: fullName(asked) })}
          confirmLabel={t('unsubscribe.list.resubscribeConfirm')}
          onCancel={() => setAsked(null)}
          loading={resubscribe.isPending}
          onConfirm={() => handleResubscribe(asked)}
        >
          {t('unsubscribe.list.resubscribeBody', { name: fullName(asked) })}
        </ConfirmModal>
      )}
    </Stack>
  );
}
