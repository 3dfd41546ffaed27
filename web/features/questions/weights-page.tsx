import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Progress,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconChartBar, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoreStatus, WeightList } from '../../../contracts/question-answers';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { ConfirmModal } from '../../components/modal/app-modal';
import { AnchorTo, ButtonTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useResetScores, useSaveWeights, weightsQuery } from './api';
import { weightShares } from './weight-total';

/** Q2: the networking weights of the questions used for matching, their live total, the scores' status. */
export function WeightsPage() {
  const { t } = useTranslation();
  const { projectId } = useParams({ from: '/app/projects/$projectId/questions/weights' });
  usePageTitle(t('questions.weights.title'));
  const query = useQuery(weightsQuery(projectId));
  return (
    <Stack maw={960}>
      <AnchorTo to="/projects/$projectId/questions" params={{ projectId }} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('questions.edition.back')}
        </Group>
      </AnchorTo>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('questions.weights.title')}
        </Title>
        <ButtonTo
          variant="default"
          leftSection={<IconChartBar size={16} />}
          to="/projects/$projectId/questions/scores"
          params={{ projectId }}
        >
          {t('scores.open')}
        </ButtonTo>
      </Group>
      <Text c="dimmed" size="sm">
        {t('questions.weights.intro')}
      </Text>
      {query.data ? (
        <>
          <ScoresPanel projectId={projectId} scores={query.data.scores} />
          <WeightsForm key={JSON.stringify(query.data.items)} projectId={projectId} list={query.data} />
        </>
      ) : query.isError ? (
        <Text c="red">{t('errors.unexpected')}</Text>
      ) : (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}

type Row = { id: string; weight: number | string; reversed: boolean };

export function WeightsForm({ projectId, list }: { projectId: string; list: WeightList }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const save = useSaveWeights(projectId);
  const initial: Row[] = list.items.map((q) => ({ id: q.id, weight: q.weight, reversed: q.reversed }));
  const [rows, setRows] = useState<Row[]>(initial);
  const dirty = JSON.stringify(rows) !== JSON.stringify(initial);
  const { total, shares } = weightShares(rows.map((r) => r.weight));
  const invalid = rows.some((r) => r.weight === '' || Number(r.weight) < 0 || Number(r.weight) > 100);
  const set = (index: number, patch: Partial<Row>) =>
    setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  if (list.items.length === 0)
    return (
      <Paper withBorder p="xl">
        <Text>{t('questions.weights.empty')}</Text>
      </Paper>
    );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid) return;
        save.mutate({
          items: rows.map((r) => ({ id: r.id, weight: Number(r.weight), reversed: r.reversed })),
        });
      }}
    >
      <UnsavedChangesGuard dirty={dirty} />
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('questions.weights.question')}</Table.Th>
            <Table.Th w={140}>{t('questions.fields.weight')}</Table.Th>
            <Table.Th w={100}>{t('questions.weights.share')}</Table.Th>
            <Table.Th w={120}>{t('questions.fields.reversed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.items.map((q, index) => {
            const title = i18n.language === 'en' ? q.title.en : q.title.fr;
            return (
              <Table.Tr key={q.id}>
                <Table.Td>
                  {title}{' '}
                  {q.linkedQuestionId && (
                    <Badge size="xs" variant="light" color="grape">
                      {t('questions.linkedBadge')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={t('questions.weights.weightOf', { name: title })}
                    min={0}
                    max={100}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="strict"
                    value={rows[index].weight}
                    onChange={(v) => set(index, { weight: v })}
                  />
                </Table.Td>
                <Table.Td data-testid="weight-share">
                  {t('questions.weights.percent', { value: format.number(shares[index]) })}
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t('questions.weights.reversedOf', { name: title })}
                    checked={rows[index].reversed}
                    onChange={(e) => set(index, { reversed: e.currentTarget.checked })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t('questions.weights.total')}</Table.Th>
            <Table.Th data-testid="weight-total" aria-live="polite">
              {format.number(total)}
            </Table.Th>
            <Table.Th>
              {t('questions.weights.percent', { value: format.number(total > 0 ? 100 : 0) })}
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {invalid && (
        <Text c="red.8" size="sm" mt="xs">
          {t('validation.questions.weightRange')}
        </Text>
      )}
      <Group mt="md">
        <Button type="submit" loading={save.isPending} disabled={!dirty || invalid}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

/** The scores' status (ready, computing with %, stale, none) and the confirmed reset. */
function ScoresPanel({ projectId, scores }: { projectId: string; scores: ScoreStatus }) {
  const { t } = useTranslation();
  const format = useFormat();
  const reset = useResetScores(projectId);
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ flex: 1 }} data-testid="score-status">
          <Text fw={600}>{t(`questions.scores.status.${scores.status}`)}</Text>
          {scores.status === 'computing' && (
            <Progress
              value={scores.progress}
              aria-label={t('questions.scores.progress', { value: scores.progress })}
            />
          )}
          {scores.status === 'ready' && scores.computedAt && (
            <Text size="sm" c="dimmed">
              {t('questions.scores.computed', {
                count: scores.participantCount ?? 0,
                when: format.dateTime(scores.computedAt),
              })}
            </Text>
          )}
        </Stack>
        <Button
          variant="default"
          color="red"
          leftSection={<IconRefresh size={16} />}
          onClick={() => setConfirming(true)}
        >
          {t('questions.scores.reset')}
        </Button>
      </Group>
      {scores.status === 'stale' && (
        <Alert color="orange" mt="sm">
          {t('questions.scores.staleHelp')}
        </Alert>
      )}
      <ConfirmModal
        opened={confirming}
        danger
        title={t('questions.scores.resetTitle')}
        confirmLabel={t('questions.scores.reset')}
        loading={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => reset.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        {t('questions.scores.resetText')}
      </ConfirmModal>
    </Paper>
  );
}
