import {
  Badge,
  Button,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleMeeting, ScheduleResponse } from '../../../contracts/b2b-schedule';
import { useFormat } from '../../lib/format';
import { scheduleExportUrl, scheduleQuery } from './api';
import { GenerationPanel } from './generation-panel';
import { AddMeetingModal, MeetingModal } from './meeting-modal';
import { personLabel } from './person-select';
import type { B2bSessionSearch } from './search';

/** A slot's times in the reader's format (fr-CA « 13 h 30–13 h 45 »). */
export function useSlotTimes() {
  const { localTime } = useFormat();
  return (slot: { startsAtLocal: string; endsAtLocal: string }) =>
    `${localTime(slot.startsAtLocal)}–${localTime(slot.endsAtLocal)}`;
}

/** The spec's reject codes as badges; the message says what clashes (also read by screen readers). */
export function ConflictBadges({ meeting }: { meeting: ScheduleMeeting }) {
  const { t } = useTranslation();
  if (!meeting.conflicts.length) return null;
  return (
    <Group gap={4}>
      {meeting.conflicts.map((c) => (
        <Tooltip key={c.message} label={c.message} multiline maw={300}>
          <Badge
            color="red"
            variant="light"
            size="sm"
            aria-label={`${t(`b2b.codes.${c.code}`)} — ${c.message}`}
          >
            {t(`b2b.codes.${c.code}`)}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

/** The generation and the schedule, by person or by table; a meeting opens to be moved or removed. */
export function ScheduleTab({
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
  const schedule = useQuery(scheduleQuery(projectId, sessionId));
  const [open, setOpen] = useState<ScheduleMeeting | null>(null);
  const [adding, setAdding] = useState(false);
  if (!schedule.data) return <Loader role="progressbar" aria-label={t('common.loading')} />;
  const data = schedule.data;
  const view = search.view ?? 'person';
  const conflicts = data.meetings.filter((m) => m.conflicts.length).length;
  return (
    <Stack>
      <GenerationPanel projectId={projectId} sessionId={sessionId} meetings={data.meetings.length} />
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t('b2b.schedule.view')}
          value={view}
          onChange={(v) => go({ view: v as 'person' | 'table' })}
          data={[
            { value: 'person', label: t('b2b.schedule.byPerson') },
            { value: 'table', label: t('b2b.schedule.byTable') },
          ]}
        />
        <Group gap="xs">
          <Text size="sm">{t('b2b.schedule.count', { count: data.meetings.length, conflicts })}</Text>
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('b2b.meeting.add')}
          </Button>
          <Button
            component="a"
            href={scheduleExportUrl(projectId, sessionId)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            {t('b2b.schedule.export')}
          </Button>
        </Group>
      </Group>
      {data.meetings.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('b2b.schedule.empty')}
        </Text>
      ) : view === 'person' ? (
        <ByPerson data={data} person={search.person} onPerson={(person) => go({ person })} onOpen={setOpen} />
      ) : (
        <ByTable data={data} onOpen={setOpen} />
      )}
      {adding && (
        <AddMeetingModal
          projectId={projectId}
          sessionId={sessionId}
          schedule={data}
          onClose={() => setAdding(false)}
        />
      )}
      {open && (
        <MeetingModal
          projectId={projectId}
          sessionId={sessionId}
          meeting={open}
          schedule={data}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}

function ByPerson({
  data,
  person,
  onPerson,
  onOpen,
}: {
  data: ScheduleResponse;
  person?: string;
  onPerson: (id: string) => void;
  onOpen: (m: ScheduleMeeting) => void;
}) {
  const { t } = useTranslation();
  const slotTimes = useSlotTimes();
  const people = new Map<string, ScheduleMeeting['a']>();
  for (const m of data.meetings) {
    people.set(m.a.id, m.a);
    people.set(m.b.id, m.b);
  }
  const sorted = [...people.values()].sort((x, y) =>
    `${x.lastName} ${x.firstName}`.localeCompare(`${y.lastName} ${y.firstName}`),
  );
  const chosen = person && people.has(person) ? person : sorted[0]?.id;
  const mine = data.meetings
    .filter((m) => m.a.id === chosen || m.b.id === chosen)
    .sort((x, y) => x.slot - y.slot);
  return (
    <Stack>
      <Select
        label={t('b2b.schedule.person')}
        searchable
        data={sorted.map((p) => ({ value: p.id, label: personLabel(p) }))}
        value={chosen ?? null}
        onChange={(v) => v && onPerson(v)}
        maw={420}
      />
      <Table striped aria-label={t('b2b.schedule.personMeetings')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('b2b.schedule.slot')}</Table.Th>
            <Table.Th>{t('b2b.schedule.table')}</Table.Th>
            <Table.Th>{t('b2b.schedule.with')}</Table.Th>
            <Table.Th>{t('b2b.schedule.company')}</Table.Th>
            <Table.Th>{t('b2b.schedule.conflicts')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mine.map((m) => {
            const other = m.a.id === chosen ? m.b : m.a;
            const slot = data.slots[m.slot];
            return (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <UnstyledButton onClick={() => onOpen(m)} td="underline" fz="sm">
                    {slot ? slotTimes(slot) : `#${m.slot + 1}`}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{m.table}</Table.Td>
                <Table.Td>{`${other.firstName} ${other.lastName}`}</Table.Td>
                <Table.Td>{other.organisation ?? ''}</Table.Td>
                <Table.Td>
                  <ConflictBadges meeting={m} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function ByTable({ data, onOpen }: { data: ScheduleResponse; onOpen: (m: ScheduleMeeting) => void }) {
  const { t } = useTranslation();
  const slotTimes = useSlotTimes();
  const tables = Math.max(data.tables, ...data.meetings.map((m) => m.table));
  const at = new Map(data.meetings.map((m) => [`${m.slot}/${m.table}`, m]));
  const numbers = Array.from({ length: tables }, (_, i) => i + 1);
  return (
    <ScrollArea type="auto">
      <Table withColumnBorders aria-label={t('b2b.schedule.grid')} miw={200 + tables * 160}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('b2b.schedule.slot')}</Table.Th>
            {numbers.map((n) => (
              <Table.Th key={n}>{t('b2b.schedule.tableNumber', { number: n })}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.slots.map((slot) => (
            <Table.Tr key={slot.index}>
              <Table.Th scope="row">{slotTimes(slot)}</Table.Th>
              {numbers.map((n) => {
                const m = at.get(`${slot.index}/${n}`);
                return (
                  <Table.Td key={n} bg={m?.conflicts.length ? 'red.0' : undefined}>
                    {m && (
                      <Stack gap={2}>
                        <UnstyledButton onClick={() => onOpen(m)} fz="xs" td="underline">
                          {`${m.a.firstName} ${m.a.lastName} / ${m.b.firstName} ${m.b.lastName}`}
                        </UnstyledButton>
                        <ConflictBadges meeting={m} />
                      </Stack>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
