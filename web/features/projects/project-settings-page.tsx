import { Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconForms, IconPower } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { projectInput } from '../../../contracts/projects';
import { AppTabs } from '../../components/app-tabs';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { useAppForm } from '../../components/forms/use-app-form';
import { usePageTitle } from '../../lib/page-title';
import { projectQuery, useSetActivation, useUpdateProject } from './api';
import { ProjectForm } from './project-form-fields';

/** J1 edition, in tabs (P6): the project form with the unsaved-changes guard (P7), and the activation toggle. */
export function ProjectSettingsPage() {
  const { projectId } = useParams({ from: '/app/projects/$projectId' });
  // A new form for each project: going from one project's settings to another's never carries values over.
  return <ProjectSettings key={projectId} projectId={projectId} />;
}

function ProjectSettings({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  usePageTitle(t('projects.editTitle'));
  const { tab } = useSearch({ from: '/app/projects/$projectId/settings' });
  const navigate = useNavigate({ from: '/projects/$projectId/settings' });
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const update = useUpdateProject(projectId);
  const activation = useSetActivation(projectId);
  const appForm = useAppForm({
    schema: projectInput,
    initialValues: {
      nameFr: project.nameFr,
      nameEn: project.nameEn,
      startsOn: project.startsOn,
      endsOn: project.endsOn,
      timeZone: project.timeZone,
      defaultLanguage: project.defaultLanguage,
      externalDashboardUrl: project.externalDashboardUrl ?? '',
    },
    submit: (values) => update.mutateAsync(values),
    successMessage: t('projects.notifications.saved'),
  });

  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        {t('projects.editTitle')}
      </Title>
      <UnsavedChangesGuard dirty={appForm.dirty} />
      <AppTabs
        label={t('projects.editTitle')}
        value={tab ?? 'general'}
        onChange={(next) =>
          void navigate({
            search: (prev) => ({ ...prev, tab: next === 'general' ? undefined : next }),
            replace: true,
          })
        }
        tabs={[
          {
            value: 'general',
            label: t('projects.tabs.general'),
            icon: <IconForms size={16} />,
            content: (
              <Paper withBorder p="md">
                <ProjectForm appForm={appForm} submitLabel={t('common.save')} requireChange />
              </Paper>
            ),
          },
          {
            value: 'status',
            label: t('projects.tabs.status'),
            icon: <IconPower size={16} />,
            content: (
              <Paper withBorder p="md">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={600}>{t('projects.activation.label')}</Text>
                    <Text size="sm" c="dimmed">
                      {t('projects.activation.description')}
                    </Text>
                  </div>
                  <Switch
                    aria-label={t('projects.activation.label')}
                    checked={project.isActive}
                    disabled={activation.isPending}
                    onChange={(e) => {
                      const isActive = e.currentTarget.checked;
                      activation.mutate(isActive, {
                        onSuccess: () =>
                          notifications.show({
                            color: 'teal',
                            message: isActive
                              ? t('projects.activation.activated')
                              : t('projects.activation.deactivated'),
                          }),
                      });
                    }}
                    size="md"
                    data-testid="activation-switch"
                  />
                </Group>
              </Paper>
            ),
          },
        ]}
      />
    </Stack>
  );
}
