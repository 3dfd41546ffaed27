import { Alert, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectKeys } from '../projects/api';
import { dashboardKeys, dashboardQuery, useCompletion } from './api';
import { ExternalDashboardCard } from './external-dashboard-card';
import { ModuleList } from './module-list';
import { TaskTabs } from './task-tabs';
import { WarningList } from './warning-list';

/**
 * J2: what the project dashboard adds under the project's cards: the overall progress, the tasks by step, the
 * modules, the warnings and the external dashboard. Reaching 100 % refreshes every figure of the page and says so.
 */
export function DashboardSections(props: { projectId: string; externalDashboardUrl: string | null }) {
  const { projectId } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [completeNotice, setCompleteNotice] = useState(false);
  const { data: state } = useQuery(dashboardQuery(projectId));
  const completion = useCompletion(projectId, () => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(projectId) });
    void queryClient.invalidateQueries({ queryKey: projectKeys.one(projectId) });
    setCompleteNotice(true);
  });
  const progress = state?.progress;

  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            {t('dashboard.progress.title')}
          </Title>
          {progress && (
            <Text fw={600} aria-live="polite">
              {t('dashboard.progress.label', progress)}
            </Text>
          )}
        </Group>
        {progress ? (
          <Progress
            value={progress.percent}
            size="lg"
            color={progress.percent === 100 ? 'teal' : 'blue'}
            aria-label={t('dashboard.progress.title')}
          />
        ) : (
          <Skeleton height={16} />
        )}
        {completeNotice && (
          <Alert
            mt="sm"
            color="teal"
            icon={<IconConfetti size={18} />}
            role="status"
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setCompleteNotice(false)}
          >
            {t('dashboard.progress.complete')}
          </Alert>
        )}
      </Card>
      {state ? (
        <TaskTabs
          projectId={projectId}
          state={state}
          onToggle={(taskId, done) => completion.mutate({ taskId, done })}
        />
      ) : (
        <Skeleton height={240} />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <WarningList projectId={projectId} />
        <ExternalDashboardCard projectId={projectId} url={props.externalDashboardUrl} />
      </SimpleGrid>
      {state && <ModuleList state={state} onToggle={(module, done) => completion.mutate({ module, done })} />}
    </Stack>
  );
}
