import { Card, Group, Progress, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardModule, DashboardState } from '../../../contracts/dashboard';
import { ConfirmModal } from '../../components/modal/app-modal';

type ModuleShare = DashboardState['modules'][number];

/** J2: each module's completion (share of its tasks done), marked complete or not as a whole. */
export function ModuleList(props: {
  state: DashboardState;
  onToggle: (module: DashboardModule, done: boolean) => void;
}) {
  const { t } = useTranslation();
  const [unmarking, setUnmarking] = useState<ModuleShare | null>(null);
  const toggle = (m: ModuleShare, done: boolean) => {
    // Un-marking unticks tasks already done: asked first.
    if (!done && m.done > 0) setUnmarking(m);
    else props.onToggle(m.module, done);
  };
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('dashboard.modules.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {props.state.modules.map((m) => {
          const name = t(`dashboard.modules.${m.module}`);
          return (
            <Stack key={m.module} gap={4}>
              <Group justify="space-between" wrap="nowrap">
                <Switch
                  checked={m.complete}
                  onChange={(event) => toggle(m, event.currentTarget.checked)}
                  label={name}
                  aria-label={
                    m.complete
                      ? t('dashboard.modules.markIncomplete', { module: name })
                      : t('dashboard.modules.markComplete', { module: name })
                  }
                />
                <Text size="sm" c="dimmed">
                  {t('dashboard.modules.share', { done: m.done, total: m.total, percent: m.percent })}
                </Text>
              </Group>
              <Progress value={m.percent} color={m.complete ? 'teal' : 'blue'} aria-label={name} size="sm" />
            </Stack>
          );
        })}
      </SimpleGrid>
      <ConfirmModal
        opened={unmarking !== null}
        title={t('dashboard.modules.confirmTitle', {
          module: unmarking ? t(`dashboard.modules.${unmarking.module}`) : '',
        })}
        confirmLabel={t('dashboard.modules.confirm')}
        danger
        onCancel={() => setUnmarking(null)}
        onConfirm={() => {
          if (unmarking) props.onToggle(unmarking.module, false);
          setUnmarking(null);
        }}
      >
        {t('dashboard.modules.confirmBody', { count: unmarking?.done ?? 0 })}
      </ConfirmModal>
    </Card>
  );
}
