import { Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustments,
  IconFileText,
  IconForms,
  IconPalette,
  IconPhoto,
  IconPower,
} from '@tabler/icons-react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../contracts/projects';
import { projectInput } from '../../../contracts/projects';
import { AppTabs } from '../../components/app-tabs';
import { useEditConflict } from '../../components/conflict/edit-conflict';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { useAppForm } from '../../components/forms/use-app-form';
import { usePageTitle } from '../../lib/page-title';
import { ProjectTextsTab } from '../texts/project-texts-tab';
import { projectQuery, useSetActivation, useUpdateProject } from './api';
import { ProjectBrandingTab } from './project-branding-tab';
import { ProjectColoursTab } from './project-colours-tab';
import { ProjectForm } from './project-form-fields';
import { ProjectOptionsTab } from './project-options-tab';

type Tab = 'general' | 'options' | 'branding' | 'colours' | 'texts' | 'status';

/**
 * J1/J3 the project's configuration, in tabs (P6): the general form with the unsaved-changes guard (P7), the
 * options, branding, colours and texts (each saved as it changes), and the activation toggle.
 */
export function ProjectSettingsPage() {
  const { projectId } = useParams({ from: '/app/projects/$projectId' });
  // A new form for each project: going from one project's settings to another's never carries values over.
  return <ProjectSettings key={projectId} projectId={projectId} />;
}

/** J3: the general tab's values of a project as saved. */
const generalValues = (project: Project) => ({
  nameFr: project.nameFr,
  nameEn: project.nameEn,
  startsOn: project.startsOn,
  endsOn: project.endsOn,
  timeZone: project.timeZone,
  defaultLanguage: project.defaultLanguage,
  externalDashboardUrl: project.externalDashboardUrl ?? '',
  languages: project.languages,
  projectEmail: project.projectEmail ?? '',
  supportEmail: project.supportEmail ?? '',
});

function ProjectSettings({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  usePageTitle(t('projects.editTitle'));
  const { tab } = useSearch({ from: '/app/projects/$projectId/settings' });
  const navigate = useNavigate({ from: '/projects/$projectId/settings' });
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const update = useUpdateProject(projectId);
  const queryClient = useQueryClient();
  // RS4: the version the general form stands on (loaded, then each of its saves), sent with its save.
  const version = useRef(project.version);
  const conflict = useEditConflict({
    timeZone: project.timeZone,
    reload: async () => {
      const saved = await queryClient.fetchQuery({ ...projectQuery(projectId), staleTime: 0 });
      version.current = saved.version;
      appForm.form.setValues(generalValues(saved));
      appForm.form.resetDirty(generalValues(saved));
    },
  });
  // The form lives here, not in its tab: a change survives a visit to another tab.
  const appForm = useAppForm({
    schema: projectInput,
    initialValues: generalValues(project),
    submit: (values) => update.mutateAsync({ ...values, version: version.current }),
    onSaved: (saved) => {
      version.current = (saved as Project).version;
    },
    onError: conflict.onError,
    successMessage: t('projects.notifications.saved'),
  });

  const panel = (content: ReactNode) => (
    <Paper withBorder p="md">
      {content}
    </Paper>
  );

  return (
    <Stack maw={1100}>
      <Title order={1} size="h2">
        {t('projects.editTitle')}
      </Title>
      <UnsavedChangesGuard dirty={appForm.dirty} />
      {conflict.dialog}
      <AppTabs<Tab>
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
            content: panel(<ProjectForm appForm={appForm} submitLabel={t('common.save')} requireChange />),
          },
          {
            value: 'options',
            label: t('projectConfig.tabs.options'),
            icon: <IconAdjustments size={16} />,
            content: <ProjectOptionsTab project={project} />,
          },
          {
            value: 'branding',
            label: t('projectConfig.tabs.branding'),
            icon: <IconPhoto size={16} />,
            content: <ProjectBrandingTab project={project} />,
          },
          {
            value: 'colours',
            label: t('projectConfig.tabs.colours'),
            icon: <IconPalette size={16} />,
            content: <ProjectColoursTab project={project} />,
          },
          {
            value: 'texts',
            label: t('projectConfig.tabs.texts'),
            icon: <IconFileText size={16} />,
            content: <ProjectTextsTab projectId={projectId} />,
          },
          {
            value: 'status',
            label: t('projects.tabs.status'),
            icon: <IconPower size={16} />,
            content: panel(<ActivationSwitch project={project} />),
          },
        ]}
      />
    </Stack>
  );
}

function ActivationSwitch({ project }: { project: Project }) {
  const { t } = useTranslation();
  const activation = useSetActivation(project.id);
  return (
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
                message: isActive ? t('projects.activation.activated') : t('projects.activation.deactivated'),
              }),
          });
        }}
        size="md"
        data-testid="activation-switch"
      />
    </Group>
  );
}
