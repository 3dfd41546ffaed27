import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityTable, TableParticipant } from '../../../contracts/activity-tables';
import { SubmitButton } from '../../components/forms/submit-button';
import { AppModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';
import { useLocalizedName } from '../activities/localized-name';
import { tableParticipantsQuery, useAssign } from './api';

export const fullName = (p: Pick<TableParticipant, 'firstName' | 'lastName'>) =>
  `${p.firstName} ${p.lastName}`.trim();

/** « Table 3 », or « Table 3 (VIP) ». */
export function useTableLabel() {
  const { t } = useTranslation();
  const { number } = useFormat();
  return (table: { number: number; vip: boolean }) =>
    t(table.vip ? 'activityTables.assignments.tableOptionVip' : 'activityTables.assignments.tableOption', {
      number: number(table.number),
    });
}

/**
 * Assign by search: participants of the project found by name, e-mail or organisation, each with their table in
 * the category; one at another table moves here.
 */
export function AddToTableModal({
  projectId,
  categoryId,
  table,
  onClose,
}: {
  projectId: string;
  categoryId: string;
  table: ActivityTable;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const found = useQuery(
    tableParticipantsQuery(projectId, categoryId, { show: 'all', q: debounced || undefined, pageSize: 25 }),
  );
  const assign = useAssign(projectId, categoryId);

  return (
    <AppModal
      opened
      onClose={onClose}
      size="lg"
      title={t('activityTables.assignments.addTitle', { number: table.number })}
    >
      <Stack>
        <TextInput
          label={t('activityTables.assignments.search')}
          leftSection={<IconSearch size={16} />}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          data-autofocus
        />
        <Stack gap="xs" data-testid="table-candidates">
          {found.data?.items.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('activityTables.assignments.noCandidate')}
            </Text>
          )}
          {found.data?.items.map((p) => {
            const here = p.table?.id === table.id;
            return (
              <Group
                key={p.participantId}
                justify="space-between"
                wrap="nowrap"
                data-testid="table-candidate"
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {fullName(p)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[p.email, p.organisation, nameOf(p.role)].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {p.table && !here && (
                    <Badge variant="light" color="gray">
                      {t('activityTables.assignments.atTable', { number: p.table.number })}
                    </Badge>
                  )}
                  {here ? (
                    <Text size="xs" c="dimmed">
                      {t('activityTables.assignments.here')}
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      loading={assign.isPending && assign.variables?.participantId === p.participantId}
                      aria-label={t(
                        p.table
                          ? 'activityTables.assignments.moveHereNamed'
                          : 'activityTables.assignments.assignNamed',
                        { name: fullName(p) },
                      )}
                      onClick={() =>
                        assign.mutate(
                          { tableId: table.id, participantId: p.participantId },
                          {
                            onSuccess: (result) =>
                              notifications.show({
                                color: 'teal',
                                message: t(
                                  result.moved
                                    ? 'activityTables.notifications.moved'
                                    : 'activityTables.notifications.assigned',
                                ),
                              }),
                          },
                        )
                      }
                    >
                      {p.table
                        ? t('activityTables.assignments.move')
                        : t('activityTables.assignments.assign')}
                    </Button>
                  )}
                </Group>
              </Group>
            );
          })}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** Choose a table for one participant: to move them (by table) or to seat them (participants without a table). */
export function ChooseTableModal({
  projectId,
  categoryId,
  participant,
  tables,
  title,
  confirmLabel,
  successMessage,
  onClose,
}: {
  projectId: string;
  categoryId: string;
  participant: TableParticipant;
  tables: ActivityTable[];
  title: string;
  confirmLabel: string;
  successMessage: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tableLabel = useTableLabel();
  const [tableId, setTableId] = useState<string | null>(null);
  const assign = useAssign(projectId, categoryId);

  return (
    <AppModal opened onClose={onClose} title={title}>
      <Stack>
        <Select
          label={t('activityTables.assignments.moveTo')}
          data={tables.map((item) => {
            const free = Math.max(0, item.seats - item.assignedCount);
            return {
              value: item.id,
              label: `${tableLabel(item)} · ${t('activityTables.assignments.free', { count: free })}`,
              disabled: free === 0,
            };
          })}
          value={tableId}
          onChange={setTableId}
          data-testid="choose-table"
          nothingFoundMessage={t('activityTables.assignments.noTables')}
        />
        <Text size="xs" c="dimmed">
          {fullName(participant)} · {participant.email}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <SubmitButton
            type="button"
            disabled={!tableId}
            loading={assign.isPending}
            onClick={() =>
              tableId &&
              assign.mutate(
                { tableId, participantId: participant.participantId },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: successMessage });
                    onClose();
                  },
                },
              )
            }
          >
            {confirmLabel}
          </SubmitButton>
        </Group>
      </Stack>
    </AppModal>
  );
}
