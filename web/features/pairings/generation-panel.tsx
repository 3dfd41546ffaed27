import { Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { canGenerate, type Pairing } from '../../../contracts/pairings';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { pairingOptionsQuery, seatsQuery, useCancelGeneration, useStartGeneration } from './api';
import { tableHasOwnName } from './labels';
import { STATUS_COLORS } from './pairing-list-page';
import { useSeatsReload } from './seats-reload';

/**
 * M3: « Générer » with its progress bar (shown unless the algorithm is 7 without a question, 001 §2), the cancel
 * button while it runs, then the generated rounds (round → table → people) and their stats.
 */
export function GenerationPanel({ projectId, pairing }: { projectId: string; pairing: Pairing }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const start = useStartGeneration(projectId, pairing.id);
  const cancel = useCancelGeneration(projectId, pairing.id);
  const generation = pairing.generation;
  const active = generation?.status === 'queued' || generation?.status === 'running';
  const allowed = canGenerate(pairing.algorithm, pairing.questionId);
  // A category without tables cannot seat anyone: say so, with the way to its tables, instead of an error on click.
  const options = useQuery(pairingOptionsQuery(projectId));
  const noTables = options.data?.categories.find((c) => c.id === pairing.category.id)?.tables === 0;

  // The rounds are read again when a generation ends.
  useSeatsReload(projectId, pairing.id, generation);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="generation-title">
      <Title order={2} size="h3" id="generation-title" mb="sm">
        {t('pairings.generation.title')}
      </Title>
      {!allowed ? (
        <Text size="sm" data-testid="needs-question">
          {t('pairings.generation.needsQuestion')}
        </Text>
      ) : noTables ? (
        <Text size="sm" data-testid="needs-tables">
          {t('errors.pairings.noTables')}{' '}
          <AnchorTo
            to="/projects/$projectId/activities/categories/$categoryId/tables"
            params={{ projectId, categoryId: pairing.category.id }}
          >
            {t('pairings.generation.addTables')}
          </AnchorTo>
        </Text>
      ) : (
        <Stack gap="sm">
          <Group>
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={start.isPending}
              disabled={active}
              onClick={() =>
                start.mutate(undefined, {
                  onSuccess: () =>
                    notifications.show({ color: 'teal', message: t('pairings.notifications.started') }),
                })
              }
            >
              {t('pairings.generation.generate')}
            </Button>
            {active && (
              <Button
                variant="outline"
                color="red"
                leftSection={<IconPlayerStop size={16} />}
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, {
                    onSuccess: () =>
                      notifications.show({ color: 'teal', message: t('pairings.notifications.cancelled') }),
                  })
                }
              >
                {t('pairings.generation.cancel')}
              </Button>
            )}
            {generation && (
              <Badge variant="light" color={STATUS_COLORS[generation.status]} data-testid="generation-status">
                {t('pairings.generation.status', { status: t(`pairings.statuses.${generation.status}`) })}
              </Badge>
            )}
          </Group>
          {generation && (
            <Stack gap={4}>
              <Progress
                value={generation.progress}
                aria-label={t('pairings.generation.progress')}
                animated={active}
                data-testid="generation-progress"
              />
              <Group justify="space-between">
                <Text size="sm">{t('pairings.generation.percent', { percent: generation.progress })}</Text>
                {generation.best !== null && active && (
                  <Text size="sm">{t('pairings.generation.best', { best: generation.best })}</Text>
                )}
              </Group>
              {generation.error && (
                <Text size="sm" c="red" role="alert">
                  {generation.error}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      )}
      <Results projectId={projectId} pairingId={pairing.id} number={number} />
    </Paper>
  );
}

function Results({
  projectId,
  pairingId,
  number,
}: {
  projectId: string;
  pairingId: string;
  number: (n: number) => string;
}) {
  const { t } = useTranslation();
  const seats = useQuery(seatsQuery(projectId, pairingId));
  if (!seats.data) return null;
  const { rounds, stats } = seats.data;
  return (
    <Stack mt="md" gap="sm" data-testid="pairing-results">
      <Title order={3} size="h4">
        {t('pairings.results.title')}
      </Title>
      {rounds.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('pairings.results.empty')}
        </Text>
      ) : (
        <>
          {stats && (
            <Table withTableBorder w="auto" aria-label={t('pairings.results.stats.title')}>
              <Table.Tbody>
                <StatRow label={t('pairings.results.stats.repeats')} value={number(stats.repeats)} />
                <StatRow
                  label={t('pairings.results.stats.blockedTogether')}
                  value={number(stats.blockedTogether)}
                />
                <StatRow
                  label={t('pairings.results.stats.vipMisplaced')}
                  value={number(stats.vipMisplaced)}
                />
                <StatRow label={t('pairings.results.stats.score')} value={number(stats.score)} />
                <StatRow
                  label={t('pairings.results.stats.chosenTablesMet')}
                  value={t('pairings.generation.percent', {
                    percent: Math.round(stats.chosenTablesMet * 100),
                  })}
                />
                <StatRow
                  label={t('pairings.results.stats.togetherUnmet')}
                  value={number(stats.togetherUnmet)}
                />
              </Table.Tbody>
            </Table>
          )}
          {rounds.map((round) => (
            <section key={round.round} aria-labelledby={`round-${round.round}`} data-testid="pairing-round">
              <Title order={4} size="h5" id={`round-${round.round}`} mb={6}>
                {t('pairings.results.round', { number: round.round + 1 })}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
                {round.tables
                  .filter((entry) => entry.people.length > 0)
                  .map(({ table, people }) => (
                    <Paper key={table.id} withBorder p="xs" data-testid="pairing-table">
                      <Group gap={6} mb={4}>
                        <Text size="sm" fw={600}>
                          {tableHasOwnName(table)
                            ? t('pairings.results.tableNamed', { number: table.number, name: table.name })
                            : t('pairings.results.table', { number: table.number })}
                        </Text>
                        {table.vip && (
                          <Badge size="xs" color="grape" variant="light">
                            {t('pairings.results.vip')}
                          </Badge>
                        )}
                      </Group>
                      <Stack gap={0}>
                        {people.map((p) => (
                          <Text key={p.participantId} size="sm">
                            {`${p.firstName} ${p.lastName}`}
                          </Text>
                        ))}
                      </Stack>
                    </Paper>
                  ))}
              </SimpleGrid>
            </section>
          ))}
        </>
      )}
    </Stack>
  );
}

function StatRow({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td ta="right">{value}</Table.Td>
    </Table.Tr>
  );
}
