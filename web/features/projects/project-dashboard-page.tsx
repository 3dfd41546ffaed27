import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { DashboardSections } from '../dashboard/dashboard-sections';
import { InlineText } from '../texts/inline-text';
import { projectQuery } from './api';

function daysUntil(isoDate: string) {
  const [y, m, d] = isoDate.split('-').map(Number);
  const start = Date.UTC(y, m - 1, d);
  const now = new Date();
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((start - today) / 86_400_000);
}

/** The project's first page (P3 default page `project-dashboard`). */
export function ProjectDashboardPage() {
  const { t, i18n } = useTranslation();
  const { date } = useFormat();
  const { projectId } = useParams({ from: '/app/projects/$projectId' });
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  usePageTitle(i18n.language === 'en' ? project.nameEn : project.nameFr);
  const days = daysUntil(project.startsOn);
  const over = daysUntil(project.endsOn) < 0;
  const timing = over
    ? t('projects.dashboard.past')
    : days > 0
      ? t('projects.dashboard.daysUntil', { count: days })
      : t('projects.dashboard.ongoing');

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Text c="dimmed" size="sm">
            {t('projects.dashboard.title')}
          </Text>
          <Title order={1} size="h2">
            {i18n.language === 'en' ? project.nameEn : project.nameFr}
          </Title>
        </div>
        <ButtonTo
          to="/projects/$projectId/settings"
          params={{ projectId }}
          variant="light"
          leftSection={<IconSettings size={16} />}
        >
          {t('projects.dashboard.configure')}
        </ButtonTo>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('projects.dashboard.dates')}
          </Text>
          <Text fw={600}>
            {t('projects.dashboard.dateRange', {
              start: date(project.startsOn, 'long'),
              end: date(project.endsOn, 'long'),
            })}
          </Text>
          <Text size="sm" c="teal.8">
            {timing}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('projects.dashboard.timeZone')}
          </Text>
          <Text fw={600}>{project.timeZone}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('projects.dashboard.language')}
          </Text>
          <Text fw={600}>{t(`languages.${project.defaultLanguage}`)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('projects.dashboard.status')}
          </Text>
          <Badge color={project.isActive ? 'teal' : 'gray'} variant="light" size="lg" mt={4}>
            {project.isActive ? t('common.active') : t('common.inactive')}
          </Badge>
        </Card>
      </SimpleGrid>
      <DashboardSections projectId={projectId} externalDashboardUrl={project.externalDashboardUrl} />
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('texts.dashboard.welcomeTitle')}
        </Title>
        <InlineText
          kind="project.welcome"
          ownerId={projectId}
          projectId={projectId}
          language={i18n.language === 'en' ? 'en' : 'fr'}
          emptyLabel={t('texts.dashboard.welcomeEmpty')}
        />
      </Card>
    </Stack>
  );
}
