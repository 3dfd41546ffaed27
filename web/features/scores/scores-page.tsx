import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconHelpCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AverageList, AverageRow, PairRow, ScorePerson } from '../../../contracts/scores';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { groupTreeQuery } from '../groups/api';
import { scoreAveragesQuery, scorePairsQuery, scoresExportUrl, storedAveragesQuery } from './api';
import { BreakdownModal } from './breakdown-modal';
import { PersonSelect } from './person-select';
import { EXCEL_MAX_ROWS, type ScoresSearch, scoresSearch } from './search';

const VIEWS = ['pairs', 'averages', 'stored'] as const;

/** M5: « Questionnaire › Scores »: from/to, the pairs' scores or the averages (live or stored), exports, X1. */
export function ScoresPage() {
  const { t } = useTranslation();
  usePageTitle(t('scores.title'));
  const { projectId } = useParams({ from: '/app/projects/$projectId/questions/scores' });
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const search = useMemo(() => scoresSearch.parse(raw), [raw]);
  const navigateTo = useNavigate();
  const navigate = (options: { search: (prev: object) => object }) =>
    navigateTo({
      to: '/projects/$projectId/questions/scores',
      params: { projectId },
      search: options.search as never,
    });
  const set = (patch: Partial<ScoresSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) });
  const selection = {
    fromGroup: search.fromGroup,
    fromParticipant: search.fromParticipant,
    toGroup: search.toGroup,
    toParticipant: search.toParticipant,
  };
  const [pair, setPair] = useState<{ a: string; b: string } | null>(null);

  return (
    <Stack>
      <AnchorTo to="/projects/$projectId/questions" params={{ projectId }} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('scores.back')}
        </Group>
      </AnchorTo>
      <Title order={1} size="h2">
        {t('scores.title')}
      </Title>
      <Text c="dimmed" size="sm" maw={900}>
        {t('scores.intro')}
      </Text>
      <Paper withBorder p="md" component="section" aria-label={t('scores.actions.label')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Side
            projectId={projectId}
            side={t('scores.from')}
            group={search.fromGroup}
            person={search.fromParticipant}
            testId="from"
            onChange={(group, person) => set({ fromGroup: group, fromParticipant: person })}
          />
          <Side
            projectId={projectId}
            side={t('scores.to')}
            group={search.toGroup}
            person={search.toParticipant}
            testId="to"
            onChange={(group, person) => set({ toGroup: group, toParticipant: person })}
          />
        </SimpleGrid>
        <Group mt="md" gap="sm">
          {VIEWS.map((view) => (
            <Button
              key={view}
              variant={search.view === view ? 'filled' : 'default'}
              aria-pressed={search.view === view}
              onClick={() => set({ view })}
            >
              {t(`scores.actions.${view}`)}
            </Button>
          ))}
        </Group>
      </Paper>
      {search.view === 'pairs' && (
        <PairsTable
          projectId={projectId}
          search={search}
          selection={selection}
          navigate={navigate}
          onOpen={setPair}
        />
      )}
      {(search.view === 'averages' || search.view === 'stored') && (
        <AveragesTable projectId={projectId} search={search} selection={selection} navigate={navigate} />
      )}
      <BreakdownModal projectId={projectId} pair={pair} onClose={() => setPair(null)} />
    </Stack>
  );
}

/** One side: a group (or everyone) and optionally one participant. */
function Side(props: {
  projectId: string;
  side: string;
  group: string | undefined;
  person: string | undefined;
  testId: string;
  onChange: (group: string | undefined, person: string | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const tree = useQuery(groupTreeQuery(props.projectId));
  const name = (n: { fr: string; en: string }) => (i18n.language === 'en' ? n.en : n.fr);
  const data = [
    { value: '', label: t('scores.allGroups') },
    ...(tree.data?.categories ?? []).flatMap((c) =>
      c.groups.map((g) => ({ value: g.id, label: `${name(c.name)} › ${name(g.name)}` })),
    ),
  ];
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600}>
        {props.side}
      </Text>
      <Select
        label={t('scores.group', { side: props.side })}
        data={data}
        value={props.group ?? ''}
        onChange={(value) => props.onChange(value || undefined, undefined)}
        allowDeselect={false}
        searchable
        data-testid={`${props.testId}-group`}
      />
      <PersonSelect
        projectId={props.projectId}
        groupId={props.group}
        value={props.person}
        onChange={(person) => props.onChange(props.group, person)}
        label={t('scores.participant', { side: props.side })}
        testId={`${props.testId}-person`}
      />
    </Stack>
  );
}

type Navigate = (options: { search: (prev: object) => object }) => unknown;
type Selection = Pick<ScoresSearch, 'fromGroup' | 'fromParticipant' | 'toGroup' | 'toParticipant'>;

function PersonCell({ person }: { person: ScorePerson }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {person.firstName} {person.lastName}
      </Text>
      <Text size="xs" c="dimmed">
        {person.email}
      </Text>
    </Stack>
  );
}

function NoQuestions({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" data-testid="scores-empty">
      <Stack gap="xs">
        <Text size="sm">{t('scores.empty.noQuestions')}</Text>
        <AnchorTo to="/projects/$projectId/questions/weights" params={{ projectId }} size="sm">
          {t('scores.weightsLink')}
        </AnchorTo>
      </Stack>
    </Alert>
  );
}

function ExportButtons(props: {
  projectId: string;
  kind: (typeof VIEWS)[number];
  selection: Selection;
  q: string | undefined;
  rows: number;
}) {
  const { t } = useTranslation();
  const tooMany = props.rows + 1 > EXCEL_MAX_ROWS;
  const query = { ...props.selection, kind: props.kind, q: props.q };
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Button
          component="a"
          href={scoresExportUrl(props.projectId, 'csv', query)}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          {t('scores.exportCsv')}
        </Button>
        {tooMany ? (
          <Button variant="default" disabled leftSection={<IconDownload size={16} />}>
            {t('scores.exportExcel')}
          </Button>
        ) : (
          <Button
            component="a"
            href={scoresExportUrl(props.projectId, 'xlsx', query)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            {t('scores.exportExcel')}
          </Button>
        )}
      </Group>
      {tooMany && (
        <Text size="sm" c="orange.9" data-testid="excel-too-many">
          {t('scores.exportTooMany', { rows: props.rows, limit: EXCEL_MAX_ROWS - 1 })}
        </Text>
      )}
    </Stack>
  );
}

function PairsTable(props: {
  projectId: string;
  search: ScoresSearch;
  selection: Selection;
  navigate: Navigate;
  onOpen: (pair: { a: string; b: string }) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { search } = props;
  const query = {
    ...props.selection,
    ...listQueryOf({ q: search.q, page: search.page, pageSize: search.pageSize }),
  };
  const { dir: _dir, ...sent } = query;
  const list = useQuery(scorePairsQuery(props.projectId, sent));
  if (list.data?.empty === 'noQuestions') return <NoQuestions projectId={props.projectId} />;
  const open = (row: PairRow) => props.onOpen({ a: row.a.id, b: row.b.id });
  const columns: Column<PairRow>[] = [
    { key: 'a', header: t('scores.columns.from'), render: (row) => <PersonCell person={row.a} /> },
    { key: 'b', header: t('scores.columns.to'), render: (row) => <PersonCell person={row.b} /> },
    {
      key: 'percent',
      header: t('scores.columns.score'),
      align: 'right',
      render: (row) => t('scores.percent', { value: format.number(row.percent) }),
    },
    {
      key: 'points',
      header: t('scores.columns.points'),
      align: 'right',
      render: (row) =>
        t('scores.pointsOf', {
          score: format.number(row.score),
          maximum: format.number(list.data?.maximum ?? 0),
        }),
    },
    {
      key: 'why',
      header: t('scores.columns.breakdown'),
      align: 'center',
      width: 90,
      render: (row) => (
        <ActionIcon
          variant="subtle"
          aria-label={t('scores.breakdown.title', {
            a: `${row.a.firstName} ${row.a.lastName}`,
            b: `${row.b.firstName} ${row.b.lastName}`,
          })}
          onClick={() => open(row)}
        >
          <IconHelpCircle size={18} aria-hidden />
        </ActionIcon>
      ),
    },
  ];
  return (
    <Stack gap="sm" data-testid="scores-pairs">
      {list.data && (
        <ExportButtons
          projectId={props.projectId}
          kind="pairs"
          selection={props.selection}
          q={search.q}
          rows={list.data.total}
        />
      )}
      <DataTable
        label={t('scores.actions.pairs')}
        columns={columns}
        {...bindListTable(list, search, props.navigate)}
        getRowId={(row) => `${row.a.id}-${row.b.id}`}
        onRowClick={open}
        emptyText={search.q ? undefined : t('scores.empty.noPairs')}
      />
    </Stack>
  );
}

function AveragesTable(props: {
  projectId: string;
  search: ScoresSearch;
  selection: Selection;
  navigate: Navigate;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { search } = props;
  const stored = search.view === 'stored';
  const query = {
    ...props.selection,
    ...listQueryOf({ q: search.q, page: search.page, pageSize: search.pageSize }),
  };
  const { dir: _dir, ...sent } = query;
  const live = useQuery({ ...scoreAveragesQuery(props.projectId, sent), enabled: !stored });
  const saved = useQuery({ ...storedAveragesQuery(props.projectId, sent), enabled: stored });
  const list = stored ? saved : live;
  const data: AverageList | undefined = list.data;
  if (data?.empty === 'noQuestions') return <NoQuestions projectId={props.projectId} />;
  if (stored && data?.stored && data.stored.status !== 'ready')
    return (
      <Alert color="orange" data-testid="stored-status">
        <Stack gap="xs">
          <Text size="sm">
            {t(`scores.storedNotReady.${data.stored.status}`, { progress: data.stored.progress })}
          </Text>
          <AnchorTo
            to="/projects/$projectId/questions/weights"
            params={{ projectId: props.projectId }}
            size="sm"
          >
            {t('scores.weightsLink')}
          </AnchorTo>
        </Stack>
      </Alert>
    );
  const percent = (value: number | null) =>
    value === null ? '—' : t('scores.percent', { value: format.number(value) });
  const columns: Column<AverageRow>[] = [
    {
      key: 'person',
      header: t('scores.columns.person'),
      render: (row) => <PersonCell person={row.person} />,
    },
    {
      key: 'count',
      header: t('scores.columns.count'),
      align: 'right',
      render: (row) => t('scores.countOf', { count: row.count }),
    },
    {
      key: 'average',
      header: t('scores.columns.average'),
      align: 'right',
      render: (row) => percent(row.percent),
    },
    {
      key: 'points',
      header: t('scores.columns.points'),
      align: 'right',
      render: (row) =>
        row.score === null
          ? '—'
          : t('scores.pointsOf', {
              score: format.number(row.score),
              maximum: format.number(data?.maximum ?? 0),
            }),
    },
  ];
  return (
    <Stack gap="sm" data-testid="scores-averages">
      {data && (
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            {data.overall && (
              <Text fw={600} data-testid="overall">
                {t('scores.overallText', {
                  percent: format.number(data.overall.percent),
                  pairs: data.overall.pairs,
                })}
              </Text>
            )}
            {stored && data.stored?.computedAt && (
              <Text size="sm" c="dimmed">
                {t('scores.storedAt', { when: format.dateTime(data.stored.computedAt) })}
              </Text>
            )}
            {stored && !!data.missing && (
              <Text size="sm" c="orange.9">
                {t('scores.storedMissing', { count: data.missing })}
              </Text>
            )}
          </Stack>
          <ExportButtons
            projectId={props.projectId}
            kind={stored ? 'stored' : 'averages'}
            selection={props.selection}
            q={search.q}
            rows={data.total + 1}
          />
        </Group>
      )}
      <DataTable
        label={t(stored ? 'scores.actions.stored' : 'scores.actions.averages')}
        columns={columns}
        {...bindListTable(list, search, props.navigate)}
        getRowId={(row) => row.person.id}
        emptyText={search.q ? undefined : t('scores.empty.noPeople')}
      />
    </Stack>
  );
}
