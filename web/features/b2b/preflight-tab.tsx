import {
  ActionIcon,
  Alert,
  Group,
  List,
  Loader,
  NumberInput,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconCheck,
  IconPencil,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreflightPerson } from '../../../contracts/b2b-schedule';
import { useFormat } from '../../lib/format';
import { preflightQuery, useSetCap } from './api';
import { personLabel } from './person-select';

type SortKey = 'name' | 'requested' | 'predicted' | 'cap' | 'freeSlots' | 'short';
const sortValue = (p: PreflightPerson, key: SortKey): number | string =>
  key === 'name'
    ? `${p.person.lastName} ${p.person.firstName}`
    : key === 'short'
      ? p.requested - p.predicted
      : p[key];

/** X10: before generating, each person's requested and predicted meetings and the settings that cannot work. */
export function PreflightTab({ projectId, sessionId }: { projectId: string; sessionId: string }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const preflight = useQuery(preflightQuery(projectId, sessionId));
  const [sort, setSort] = useState<{ key: SortKey; dir: 'asc' | 'desc' }>({ key: 'short', dir: 'desc' });
  const [editing, setEditing] = useState<string | null>(null);
  if (!preflight.data) return <Loader role="progressbar" aria-label={t('common.loading')} />;
  const data = preflight.data;
  const people = [...data.people].sort((a, b) => {
    const [x, y] = [sortValue(a, sort.key), sortValue(b, sort.key)];
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
    return (sort.dir === 'asc' ? order : -order) || a.person.lastName.localeCompare(b.person.lastName);
  });
  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    const Icon = !active ? IconArrowsSort : sort.dir === 'asc' ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <UnstyledButton
          onClick={() =>
            setSort({ key, dir: active && sort.dir === 'desc' ? 'asc' : active ? 'desc' : 'asc' })
          }
          fw={600}
          fz="sm"
        >
          <Group gap={4} wrap="nowrap">
            {label}
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Stack>
      <Text size="sm">
        {t('b2b.preflight.summary', {
          requests: number(data.requests),
          people: number(data.people.length),
          slots: number(data.slots),
          tables: number(data.tables),
          removed: number(data.removed),
        })}
      </Text>
      {data.findings.length === 0 ? (
        <Alert color="teal" title={t('b2b.preflight.noFinding')} />
      ) : (
        <Alert color="yellow" title={t('b2b.preflight.findings', { count: data.findings.length })}>
          <List size="sm">
            {data.findings.map((f) => (
              <List.Item key={f.message}>{f.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Title order={2} size="h4">
        {t('b2b.preflight.people')}
      </Title>
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('b2b.preflight.nobody')}
        </Text>
      ) : (
        <Table striped aria-label={t('b2b.preflight.people')}>
          <Table.Thead>
            <Table.Tr>
              {header('name', t('b2b.preflight.person'))}
              {header('requested', t('b2b.preflight.requested'))}
              {header('predicted', t('b2b.preflight.predicted'))}
              {header('short', t('b2b.preflight.short'))}
              {header('freeSlots', t('b2b.preflight.freeSlots'))}
              {header('cap', t('b2b.preflight.cap'))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((p) => (
              <Table.Tr key={p.person.id}>
                <Table.Td>{personLabel(p.person)}</Table.Td>
                <Table.Td>{number(p.requested)}</Table.Td>
                <Table.Td>{number(p.predicted)}</Table.Td>
                <Table.Td>{number(p.requested - p.predicted)}</Table.Td>
                <Table.Td>{number(p.freeSlots)}</Table.Td>
                <Table.Td>
                  {editing === p.person.id ? (
                    <CapEditor
                      projectId={projectId}
                      sessionId={sessionId}
                      person={p}
                      onDone={() => setEditing(null)}
                    />
                  ) : (
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" fw={p.ownCap ? 700 : undefined}>
                        {number(p.cap)}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={t('b2b.preflight.editCap', { name: personLabel(p.person) })}
                        onClick={() => setEditing(p.person.id)}
                      >
                        <IconPencil size={14} />
                      </ActionIcon>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** A person's own cap (empty: the session's default), saved on Enter or with the check button. */
function CapEditor({
  projectId,
  sessionId,
  person,
  onDone,
}: {
  projectId: string;
  sessionId: string;
  person: PreflightPerson;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const setCap = useSetCap(projectId, sessionId);
  const [value, setValue] = useState<number | string>(person.ownCap ? person.cap : '');
  const save = () =>
    setCap.mutate(
      { participantId: person.person.id, cap: typeof value === 'number' ? value : null },
      { onSuccess: onDone },
    );
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        size="xs"
        w={90}
        min={0}
        max={200}
        allowDecimal={false}
        value={value}
        onChange={setValue}
        placeholder={t('b2b.preflight.defaultCap')}
        aria-label={t('b2b.preflight.capOf', { name: personLabel(person.person) })}
        onKeyDown={(e) => e.key === 'Enter' && save()}
        autoFocus
      />
      <ActionIcon size="sm" aria-label={t('common.save')} onClick={save} loading={setCap.isPending}>
        <IconCheck size={14} />
      </ActionIcon>
    </Group>
  );
}
