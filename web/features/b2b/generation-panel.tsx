import { Alert, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/feedback/error-dialog';
import { ConfirmModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';
import { b2bKeys, generationQuery, useCancelGeneration, useStartGeneration } from './api';

/** The generation: start (confirmed when meetings exist: they are replaced), progress with the best weight, cancel. */
export function GenerationPanel({
  projectId,
  sessionId,
  meetings,
}: {
  projectId: string;
  sessionId: string;
  meetings: number;
}) {
  const { t } = useTranslation();
  const { number, dateTime } = useFormat();
  const generation = useQuery(generationQuery(projectId, sessionId));
  const start = useStartGeneration(projectId, sessionId);
  const cancel = useCancelGeneration(projectId, sessionId);
  const [confirming, setConfirming] = useState(false);
  const g = generation.data?.generation ?? null;
  const active = g?.status === 'queued' || g?.status === 'running';
  // When a generation ends, the schedule, the counts and the explanations are read again.
  const queryClient = useQueryClient();
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && !active)
      void queryClient.invalidateQueries({ queryKey: b2bKeys.project(projectId) });
    wasActive.current = active;
  }, [active, projectId, queryClient]);
  const launch = () => {
    setConfirming(false);
    start.mutate(undefined, { onError: showError });
  };
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t('b2b.generation.title')}</Text>
          {active && g ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconPlayerStop size={16} />}
              loading={cancel.isPending}
              disabled={g.cancelRequested}
              onClick={() => cancel.mutate(g.id, { onError: showError })}
            >
              {t('b2b.generation.cancel')}
            </Button>
          ) : (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={start.isPending}
              onClick={() => (meetings > 0 ? setConfirming(true) : launch())}
            >
              {t('b2b.generation.start')}
            </Button>
          )}
        </Group>
        {g && active && (
          <>
            <Progress value={g.progress} animated aria-label={t('b2b.generation.progressLabel')} />
            <Text size="sm" aria-live="polite">
              {t(g.status === 'queued' ? 'b2b.generation.queued' : 'b2b.generation.running', {
                progress: number(g.progress),
                best: g.bestWeight === null ? '—' : number(g.bestWeight),
              })}
            </Text>
          </>
        )}
        {g?.status === 'done' && (
          <Text size="sm" aria-live="polite">
            {t('b2b.generation.done', {
              placed: number(g.placed ?? 0),
              weight: number(g.bestWeight ?? 0),
              bound: number(g.bound ?? 0),
              when: g.finishedAt ? dateTime(g.finishedAt) : '',
            })}
          </Text>
        )}
        {g?.status === 'cancelled' && <Text size="sm">{t('b2b.generation.cancelled')}</Text>}
        {g?.status === 'failed' && (
          <Alert color="red" title={t('b2b.generation.failed')}>
            {g.error}
          </Alert>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('b2b.generation.replaceTitle')}
        confirmLabel={t('b2b.generation.start')}
        onCancel={() => setConfirming(false)}
        onConfirm={launch}
      >
        {t('b2b.generation.replaceBody', { count: meetings })}
      </ConfirmModal>
    </Card>
  );
}
