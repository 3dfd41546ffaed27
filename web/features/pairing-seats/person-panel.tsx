import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserCheck, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SeatPerson } from '../../../contracts/pairing-seats';
import type { SeatTable } from '../../../contracts/pairings';
import { TableMates } from '../scores/table-mates';
import { useClearAbsence, useMarkAbsent } from './api';
import { ConflictIcon } from './conflict-icons';
import { useTableLabel } from './table-card';

/**
 * M4: the person clicked: who they are, their table, the tables they chose (highlighted in the grid), the conflicts
 * at their table, and the live adjustment's « Marquer absent » from the round shown (or present again).
 */
export function PersonPanel(props: {
  projectId: string;
  pairingId: string;
  round: number;
  person: SeatPerson | undefined;
  loading: boolean;
  tables: SeatTable[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const labelOf = useTableLabel();
  const mark = useMarkAbsent(props.projectId, props.pairingId);
  const clear = useClearAbsence(props.projectId, props.pairingId);
  const { person } = props;
  const tableLabel = (id: string | null) => {
    const entry = props.tables.find((e) => e.table.id === id);
    return entry ? labelOf(entry.table) : t('pairingSeats.person.notSeated');
  };
  const nameOf = (id: string) => {
    for (const entry of props.tables)
      for (const p of entry.people) if (p.participantId === id) return `${p.firstName} ${p.lastName}`;
    return '';
  };

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="seat-person-title"
      data-testid="person-panel"
    >
      {props.loading || !person ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : (
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start">
            <Title order={2} size="h4" id="seat-person-title">
              {person.fullName}
            </Title>
            <Button variant="subtle" size="xs" onClick={props.onClose}>
              {t('pairingSeats.person.close')}
            </Button>
          </Group>
          <Text size="sm">{[person.company, person.role].filter(Boolean).join(' · ')}</Text>
          <Text size="sm">{person.email}</Text>
          <Text size="sm" data-testid="person-table">
            {t('pairingSeats.person.table', { table: tableLabel(person.tableId) })}
          </Text>
          <Text size="sm" data-testid="person-chosen">
            {person.chosenTables.length
              ? t('pairingSeats.person.chosen', {
                  tables: person.chosenTables.map((id) => tableLabel(id)).join(', '),
                })
              : t('pairingSeats.person.noChoice')}
          </Text>
          {person.conflicts.length === 0 ? (
            <Text size="sm">{t('pairingSeats.person.noConflict')}</Text>
          ) : (
            <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {person.conflicts.map((c) => (
                <Group component="li" key={`${c.participantId}-${c.code}`} gap={6} wrap="nowrap">
                  <ConflictIcon code={c.code} />
                  <Text size="sm">
                    {c.participantId === person.participantId
                      ? t(`pairingSeats.person.self.${c.code}`)
                      : t('pairingSeats.person.conflictWith', {
                          name: nameOf(c.participantId),
                          reason: t(`pairingSeats.conflicts.${c.code}`),
                        })}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          <TableMates
            projectId={props.projectId}
            participantId={person.participantId}
            tableId={person.tableId}
            tables={props.tables}
          />
          {person.absentFrom !== null ? (
            <Group gap="xs">
              <Text size="sm" c="red.9">
                {t('pairingSeats.person.absentFrom', { round: person.absentFrom + 1 })}
              </Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconUserCheck size={14} />}
                loading={clear.isPending}
                onClick={() => clear.mutate(person.participantId)}
              >
                {t('pairingSeats.person.present')}
              </Button>
            </Group>
          ) : (
            <Group>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconUserX size={14} />}
                loading={mark.isPending}
                onClick={() =>
                  mark.mutate(
                    { participantId: person.participantId, fromRound: props.round },
                    {
                      onSuccess: () =>
                        notifications.show({
                          color: 'teal',
                          message: t('pairingSeats.notifications.absent', {
                            name: person.fullName,
                            round: props.round + 1,
                          }),
                        }),
                    },
                  )
                }
              >
                {t('pairingSeats.person.markAbsent', { round: props.round + 1 })}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
