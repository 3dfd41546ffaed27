import { Group, Loader, Paper, Stack, Switch, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActivitySettings, defaultMenuForm } from '../../../../contracts/activity-access';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useAppForm } from '../../../components/forms/use-app-form';
import { roleListQuery } from '../../roles/api';
import { RoleDefaultSelects } from '../../roles/role-default-selects';
import { useLocalizedName } from '../localized-name';
import { activitySettingsQuery, useSaveActivitySettings } from './api';

/**
 * V2: the defaults of the project's activities: the default role and default persona role (the project's, as on the
 * roles page), and the switch that reveals the default menu's name (where participants find the activities without
 * a section).
 */
export function ActivityDefaults({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const settings = useQuery(activitySettingsQuery(projectId));
  return (
    <Paper withBorder p="md" data-testid="activity-defaults">
      <Title order={2} size="h3" mb="sm">
        {t('activities.defaults.title')}
      </Title>
      <Stack>
        <RoleDefaults projectId={projectId} />
        {settings.data ? (
          <DefaultMenu projectId={projectId} settings={settings.data} />
        ) : (
          <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
        )}
      </Stack>
    </Paper>
  );
}

/** The project's default roles, as on the roles page (one component, one endpoint). */
function RoleDefaults({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const roles = useQuery(roleListQuery(projectId));
  if (!roles.data) return <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />;
  return <RoleDefaultSelects projectId={projectId} list={roles.data} nameOf={(role) => nameOf(role.name)} />;
}

/** On: the name fields show and are saved with their button. Off: a saved name is forgotten at once. */
function DefaultMenu({ projectId, settings }: { projectId: string; settings: ActivitySettings }) {
  const { t } = useTranslation();
  const save = useSaveActivitySettings(projectId);
  const [on, setOn] = useState(settings.defaultMenu !== null);
  const { field, onSubmit, submitting } = useAppForm({
    schema: defaultMenuForm,
    initialValues: { defaultMenu: settings.defaultMenu ?? { fr: '', en: '' } },
    submit: (body) => save.mutateAsync(body),
    successMessage: t('activities.defaults.saved'),
  });
  const flip = (next: boolean) => {
    setOn(next);
    if (!next && settings.defaultMenu !== null) {
      save.mutate(
        { defaultMenu: null },
        { onSuccess: () => notifications.show({ color: 'teal', message: t('activities.defaults.saved') }) },
      );
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Switch
          label={t('activities.defaults.menuSwitch')}
          description={t('activities.defaults.menuHint')}
          checked={on}
          onChange={(event) => flip(event.currentTarget.checked)}
        />
        {on && (
          <>
            <Group grow align="flex-start">
              <TextInput
                label={t('activities.defaults.menuNameFr')}
                required
                maxLength={100}
                {...field('defaultMenu.fr')}
              />
              <TextInput
                label={t('activities.defaults.menuNameEn')}
                required
                maxLength={100}
                {...field('defaultMenu.en')}
              />
            </Group>
            <Group justify="flex-end">
              <SubmitButton loading={submitting}>{t('common.save')}</SubmitButton>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}
