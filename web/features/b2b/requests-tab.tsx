import { ActionIcon, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus, IconSparkles, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { B2bRequest, BlockedPair } from '../../../contracts/b2b';
import type { Column } from '../../components/data-table/data-table';
import { listQueryOf } from '../../components/data-table/list-search';
import { ConfirmModal } from '../../components/modal/app-modal';
import { blockedQuery, requestExportUrl, requestListQuery, useDeleteRequest, useUnblockPair } from './api';
import { B2bListTable } from './list-table';
import { personLabel } from './person-select';
import { BlockPairModal, ImportRequestsModal, RequestFormModal, SuggestModal } from './request-modals';
import type { B2bSessionSearch } from './search';

type Modal = 'add' | 'import' | 'suggest' | 'block' | null;

/** A session's requests (paged, searchable), their import, suggestions and export, and the blocked pairs. */
export function RequestsTab({
  projectId,
  sessionId,
  search,
  go,
}: {
  projectId: string;
  sessionId: string;
  search: B2bSessionSearch;
  go: (next: Partial<B2bSessionSearch>) => void;
}) {
  const { t } = useTranslation();
  const { tab: _tab, view: _view, person: _person, ...listState } = search;
  const list = useQuery(requestListQuery(projectId, sessionId, listQueryOf(listState)));
  const [modal, setModal] = useState<Modal>(null);
  const [editing, setEditing] = useState<B2bRequest | null>(null);
  const remove = useDeleteRequest(projectId, sessionId);

  const columns: Column<B2bRequest>[] = [
    {
      key: 'requester',
      header: t('b2b.fields.requester'),
      sortKey: 'requester',
      render: (r) => personLabel(r.requester),
    },
    {
      key: 'requested',
      header: t('b2b.fields.requested'),
      sortKey: 'requested',
      render: (r) => personLabel(r.requested),
    },
    {
      key: 'weight',
      header: t('b2b.fields.weight'),
      sortKey: 'weight',
      align: 'right',
      render: (r) => r.weight,
    },
    {
      key: 'source',
      header: t('b2b.fields.source'),
      sortKey: 'source',
      render: (r) => t(`b2b.sources.${r.source}`),
    },
  ];

  const pair = (r: B2bRequest) => `${personLabel(r.requester)} → ${personLabel(r.requested)}`;

  return (
    <Stack>
      <B2bListTable
        toolbar={
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              leftSection={<IconSparkles size={16} />}
              onClick={() => setModal('suggest')}
            >
              {t('b2b.suggest.open')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setModal('import')}
            >
              {t('b2b.import.open')}
            </Button>
            <Button
              component="a"
              href={requestExportUrl(projectId, sessionId)}
              download
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              {t('b2b.requests.export')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setModal('add')}>
              {t('b2b.requests.add')}
            </Button>
          </Group>
        }
        columns={columns}
        table={{
          data: list.data,
          isLoading: list.isFetching,
          error: list.error,
          onRetry: () => void list.refetch(),
          state: listState,
          onStateChange: (next) => go(next as Partial<B2bSessionSearch>),
        }}
        texts={{
          label: t('b2b.requests.title'),
          empty: t('b2b.requests.empty'),
          editNamed: (r) => t('b2b.requests.editNamed', { pair: pair(r) }),
          deleteNamed: (r) => t('b2b.requests.deleteNamed', { pair: pair(r) }),
          deleteTitle: t('b2b.requests.deleteTitle'),
          deleteBody: (r) => t('b2b.requests.deleteBody', { pair: pair(r) }),
          deleted: t('b2b.requests.deleted'),
        }}
        onEdit={setEditing}
        remove={remove}
      />
      <BlockedPairs projectId={projectId} sessionId={sessionId} onAdd={() => setModal('block')} />
      {(modal === 'add' || editing) && (
        <RequestFormModal
          projectId={projectId}
          sessionId={sessionId}
          request={editing}
          onClose={() => {
            setModal(null);
            setEditing(null);
          }}
        />
      )}
      {modal === 'import' && (
        <ImportRequestsModal projectId={projectId} sessionId={sessionId} onClose={() => setModal(null)} />
      )}
      {modal === 'suggest' && (
        <SuggestModal projectId={projectId} sessionId={sessionId} onClose={() => setModal(null)} />
      )}
      {modal === 'block' && (
        <BlockPairModal projectId={projectId} sessionId={sessionId} onClose={() => setModal(null)} />
      )}
    </Stack>
  );
}

function BlockedPairs({
  projectId,
  sessionId,
  onAdd,
}: {
  projectId: string;
  sessionId: string;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const blocked = useQuery(blockedQuery(projectId, sessionId));
  const unblock = useUnblockPair(projectId, sessionId);
  const [deleting, setDeleting] = useState<BlockedPair | null>(null);
  const items = blocked.data?.items ?? [];
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('b2b.blocked.title')}
        </Title>
        <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={onAdd}>
          {t('b2b.blocked.add')}
        </Button>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('b2b.blocked.empty')}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{personLabel(p.a)}</Table.Td>
                <Table.Td>{personLabel(p.b)}</Table.Td>
                <Table.Td w={50}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('b2b.blocked.deleteNamed', { a: personLabel(p.a), b: personLabel(p.b) })}
                    onClick={() => setDeleting(p)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmModal
        opened={!!deleting}
        title={t('b2b.blocked.deleteTitle')}
        confirmLabel={t('b2b.blocked.delete')}
        loading={unblock.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && unblock.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        {deleting
          ? t('b2b.blocked.deleteBody', { a: personLabel(deleting.a), b: personLabel(deleting.b) })
          : ''}
      </ConfirmModal>
    </Card>
  );
}
