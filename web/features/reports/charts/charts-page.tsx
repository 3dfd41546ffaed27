import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CHART_WIDGETS } from '../../../../contracts/charts';
import { usePageTitle } from '../../../lib/page-title';
import { projectQuery } from '../../projects/api';
import { ChartWidget } from './chart-widget';

/** T3 « Projet › Rapports › Graphiques »: one widget a figure of the project (docs/reports/charts.md). */
export function ChartsPage() {
  const { t } = useTranslation();
  const { projectId } = useParams({ strict: false }) as { projectId: string };
  usePageTitle(t('charts.title'));
  const timeZone = useQuery(projectQuery(projectId)).data?.timeZone ?? '';
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {t('charts.title')}
      </Title>
      <Text c="dimmed" mb="sm">
        {t('charts.intro', { timeZone })}
      </Text>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        {CHART_WIDGETS.map((widget) => (
          <ChartWidget key={widget} projectId={projectId} widget={widget} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
