import { Alert, Card, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WARNING_PAGES } from '../../../contracts/dashboard';
import { warningsQuery } from './api';
import { ProjectPageLink } from './project-page-link';

/** J2: the warnings computed from the project's data, grouped by page, each a link to where it is fixed. */
export function WarningList({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(warningsQuery(projectId));
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('dashboard.warnings.title')}
      </Title>
      {isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : !data?.items.length ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.warnings.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          {WARNING_PAGES.map((page) => {
            const own = data.items.filter((w) => w.page === page);
            if (!own.length) return null;
            return (
              <Alert
                key={page}
                color="orange"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                title={t(`dashboard.warnings.pages.${page}`)}
              >
                <List size="sm" spacing={4}>
                  {own.map((w) => (
                    <List.Item key={w.element}>
                      <ProjectPageLink projectId={projectId} link={w.link}>
                        {t(`dashboard.warnings.${w.element}`, { count: w.count })}
                      </ProjectPageLink>
                    </List.Item>
                  ))}
                </List>
              </Alert>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
