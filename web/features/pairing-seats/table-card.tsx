import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RejectCode } from '../../../contracts/pairing-seats';
import type { SeatTable } from '../../../contracts/pairings';
import { tableHasOwnName } from '../pairings/labels';
import { ConflictIcon } from './conflict-icons';
import classes from './seats.module.css';

type Person = SeatTable['people'][number];

export interface TableCardProps {
  entry: SeatTable;
  /** One of the tables the selected person chose. */
  chosen: boolean;
  /** The selected person, when they sit at this table (null otherwise, so that other cards keep their props). */
  selectedId: string | null;
  /** The conflicts at this table, by person, when the selected person sits here. */
  conflicts: ReadonlyMap<string, RejectCode[]> | null;
  /** People of this table absent from this round on. */
  absent: ReadonlySet<string>;
  onSelect: (participantId: string) => void;
}

/** The text of a table's heading: its number, and its name when it has one. */
export function useTableLabel() {
  const { t } = useTranslation();
  return (table: SeatTable['table']) =>
    tableHasOwnName(table)
      ? t('pairingSeats.tableNamed', { number: table.number, name: table.name })
      : t('pairingSeats.table', { number: table.number });
}

/**
 * M4: one table of the round shown: number, VIP badge, seats used / seats, and the people seated there, each a drag
 * handle (mouse or keyboard) and a button that selects them. Memoised: a move re-renders only the two tables whose
 * props changed.
 */
export const TableCard = memo(function TableCard(props: TableCardProps) {
  const { t } = useTranslation();
  const labelOf = useTableLabel();
  const { entry, chosen } = props;
  const { setNodeRef, isOver } = useDroppable({ id: entry.table.id });
  const label = labelOf(entry.table);
  const full = entry.people.length >= entry.table.seats;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      component="section"
      aria-label={label}
      data-testid="seat-table"
      data-table={entry.table.number}
      data-chosen={chosen || undefined}
      className={classes.table}
      data-over={isOver || undefined}
    >
      <Group gap={6} mb={4} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          {entry.table.vip && (
            <Badge size="xs" color="grape" variant="light">
              {t('pairingSeats.vip')}
            </Badge>
          )}
          {chosen && (
            <Badge size="xs" color="teal" variant="filled" data-testid="chosen-badge">
              {t('pairingSeats.chosen')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c={full ? 'red.9' : 'dimmed'} data-testid="seats-used">
          {t('pairingSeats.seatsUsed', { used: entry.people.length, seats: entry.table.seats })}
        </Text>
      </Group>
      <Stack
        gap={2}
        component="ul"
        className={classes.list}
        aria-label={t('pairingSeats.peopleAt', { table: label })}
      >
        {entry.people.map((person) => (
          <li key={person.participantId}>
            <PersonChip
              person={person}
              tableId={entry.table.id}
              selected={props.selectedId === person.participantId}
              codes={props.conflicts?.get(person.participantId)}
              absent={props.absent.has(person.participantId)}
              onSelect={props.onSelect}
            />
          </li>
        ))}
        {entry.people.length === 0 && (
          <Text size="xs" c="dimmed" component="li">
            {t('pairingSeats.emptyTable')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
});

function PersonChip(props: {
  person: Person;
  tableId: string;
  selected: boolean;
  codes: RejectCode[] | undefined;
  absent: boolean;
  onSelect: (participantId: string) => void;
}) {
  const { t } = useTranslation();
  const { person } = props;
  const name = `${person.firstName} ${person.lastName}`;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: person.participantId,
    data: { tableId: props.tableId },
  });
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <UnstyledButton
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        aria-roledescription={t('pairingSeats.draggable')}
        aria-pressed={props.selected}
        onClick={() => props.onSelect(person.participantId)}
        className={classes.person}
        data-selected={props.selected || undefined}
        data-dragging={isDragging || undefined}
        data-testid="seat-person"
      >
        <Text size="sm" lh={1.2} span>
          {name}
        </Text>
        {person.company && (
          <Text size="xs" c="dimmed" lh={1.2} span display="block">
            {person.company}
          </Text>
        )}
      </UnstyledButton>
      <Group gap={2} wrap="nowrap">
        {props.absent && (
          <Badge size="xs" color="gray" variant="outline">
            {t('pairingSeats.absent')}
          </Badge>
        )}
        {props.codes?.map((code) => (
          <ConflictIcon key={code} code={code} />
        ))}
      </Group>
    </Group>
  );
}
