import { ActionIcon, Button, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowsExchange, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityTable, TableParticipant } from '../../../contracts/activity-tables';
import { AppTabs } from '../../components/app-tabs';
import { ConfirmModal } from '../../components/modal/app-modal';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useLocalizedName } from '../activities/localized-name';
import { assignedQuery, tableListQuery, useUnassign } from './api';
import { AddToTableModal, ChooseTableModal, fullName, useTableLabel } from './assignment-modals';
import type { AssignmentSearch, AssignmentTab } from './search';
import { UnassignedTab } from './unassigned-tab';

const ROUTE = '/app/projects/$projectId/activities/categories/$categoryId/assignments';

/**
 * J7 (spec 001 §2): the table assignment page of a category, with two tabs in the URL: by table (choose a table,
 * see who sits there, assign by search, move to another table, remove) and the participants without a table.
 */
export function TableAssignmentPage() {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const { projectId, categoryId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate();
  const go = (change: Partial<AssignmentSearch>) =>
    void navigate({
      to: '/projects/$projectId/activities/categories/$categoryId/assignments',
      params: { projectId, categoryId },
      search: (prev: object) => ({ ...prev, ...change }),
    } as never);
  const tables = useQuery(tableListQuery(projectId, categoryId));
  const title = tables.data
    ? t('activityTables.assignments.title', { category: nameOf(tables.data.category.name) })
    : t('activityTables.assignments.tabs.byTable');
  usePageTitle(title);
  const tab: AssignmentTab = search.tab ?? 'tables';
  const { tab: _tab, table: _table, ...listState } = search;

  return (
    <Stack>
      <AnchorTo
        to="/projects/$projectId/activities/categories/$categoryId/tables"
        params={{ projectId, categoryId }}
        size="sm"
      >
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('activityTables.assignments.back')}
        </Group>
      </AnchorTo>
      <Title order={1} size="h2">
        {title}
      </Title>
      {tables.isError ? (
        <Text c="red">{t('common.notFoundBody')}</Text>
      ) : !tables.data ? (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      ) : (
        <AppTabs<AssignmentTab>
          label={t('activityTables.assignments.tabs.label')}
          value={tab}
          onChange={(next) => go({ tab: next === 'tables' ? undefined : next })}
          tabs={[
            {
              value: 'tables',
              label: t('activityTables.assignments.tabs.byTable'),
              content: (
                <ByTable
                  projectId={projectId}
                  categoryId={categoryId}
                  tables={tables.data.items}
                  tableId={search.table}
                  onTable={(table) => go({ table })}
                />
              ),
            },
            {
              value: 'unassigned',
              label: t('activityTables.assignments.tabs.unassigned'),
              content: (
                <UnassignedTab
                  projectId={projectId}
                  categoryId={categoryId}
                  tables={tables.data.items}
                  state={listState}
                  onStateChange={(next) => go(next as Partial<AssignmentSearch>)}
                />
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

type Dialog = { kind: 'add' } | { kind: 'move' | 'remove'; participant: TableParticipant } | null;

/** One table at a time, chosen in a list (keyboard: arrows and Enter), with who sits there. */
function ByTable({
  projectId,
  categoryId,
  tables,
  tableId,
  onTable,
}: {
  projectId: string;
  categoryId: string;
  tables: ActivityTable[];
  tableId: string | undefined;
  onTable: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const tableLabel = useTableLabel();
  const table = tables.find((item) => item.id === tableId) ?? tables[0];
  const [dialog, setDialog] = useState<Dialog>(null);
  const assigned = useQuery({
    ...assignedQuery(projectId, categoryId, table?.id ?? ''),
    enabled: !!table,
  });
  const unassign = useUnassign(projectId, categoryId);

  if (!table) return <Text c="dimmed">{t('activityTables.assignments.noTables')}</Text>;
  const rows = assigned.data?.items ?? [];

  return (
    <Stack>
      <Select
        label={t('activityTables.assignments.table')}
        data={tables.map((item) => ({
          value: item.id,
          label: `${tableLabel(item)} · ${t('activityTables.assignments.occupancy', {
            assigned: number(item.assignedCount),
            seats: number(item.seats),
          })}`,
        }))}
        value={table.id}
        onChange={(value) => value && onTable(value)}
        allowDeselect={false}
        searchable
        w={{ base: '100%', sm: 420 }}
        data-testid="table-select"
      />
      <Paper withBorder p="md" component="section" aria-labelledby="table-members-title">
        <Group justify="space-between" mb="sm">
          <Stack gap={0}>
            <Title order={2} size="h3" id="table-members-title">
              {t('activityTables.assignments.members', { number: table.number })}
            </Title>
            <Text size="sm" c="dimmed">
              {[table.name, table.location].filter(Boolean).join(' · ')}{' '}
              {t('activityTables.assignments.occupancy', {
                assigned: number(table.assignedCount),
                seats: number(table.seats),
              })}
            </Text>
          </Stack>
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
            {t('activityTables.assignments.add')}
          </Button>
        </Group>
        {assigned.isPending ? (
          <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('activityTables.assignments.emptyTable')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table aria-labelledby="table-members-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('activityTables.assignments.columns.name')}</Table.Th>
                  <Table.Th>{t('activityTables.assignments.columns.email')}</Table.Th>
                  <Table.Th>{t('activityTables.assignments.columns.organisation')}</Table.Th>
                  <Table.Th ta="right">{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.participantId}>
                    <Table.Td>{fullName(p)}</Table.Td>
                    <Table.Td>{p.email}</Table.Td>
                    <Table.Td>{p.organisation}</Table.Td>
                    <Table.Td ta="right">
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('activityTables.assignments.moveNamed', { name: fullName(p) })}
                          onClick={() => setDialog({ kind: 'move', participant: p })}
                        >
                          <IconArrowsExchange size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('activityTables.assignments.unassignNamed', { name: fullName(p) })}
                          onClick={() => setDialog({ kind: 'remove', participant: p })}
                        >
                          <IconUserMinus size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      {dialog?.kind === 'add' && (
        <AddToTableModal
          projectId={projectId}
          categoryId={categoryId}
          table={table}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'move' && (
        <ChooseTableModal
          projectId={projectId}
          categoryId={categoryId}
          participant={dialog.participant}
          tables={tables.filter((item) => item.id !== table.id)}
          title={t('activityTables.assignments.moveTitle', { name: fullName(dialog.participant) })}
          confirmLabel={t('activityTables.assignments.move')}
          successMessage={t('activityTables.notifications.moved')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmModal
          opened
          danger
          title={t('activityTables.assignments.unassignTitle')}
          confirmLabel={t('activityTables.assignments.unassign')}
          loading={unassign.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            unassign.mutate(
              { tableId: table.id, participantId: dialog.participant.participantId },
              {
                onSuccess: () => {
                  notifications.show({
                    color: 'teal',
                    message: t('activityTables.notifications.unassigned'),
                  });
                  setDialog(null);
                },
              },
            )
          }
        >
          {t('activityTables.assignments.unassignBody', { name: fullName(dialog.participant) })}
        </ConfirmModal>
      )}
    </Stack>
  );
}
