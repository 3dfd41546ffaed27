import { Button, Group, Loader, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Activity, type ActivityInput, deleteActivity } from '../../../../contracts/activities';
import { useEditConflict } from '../../../components/conflict/edit-conflict';
import { SubmitButton } from '../../../components/forms/submit-button';
import { UnsavedChangesGuard } from '../../../components/forms/unsaved-guard';
import { ConfirmModal } from '../../../components/modal/app-modal';
import { useFormEditors } from '../../../components/rich-text/form-editors';
import { call } from '../../../lib/api';
import { ActivityFormFields, useActivityForm } from '../activity-form-fields';
import { activityKeys, activityQuery } from '../api';
import { useLocalizedName } from '../localized-name';
import type { EditionTabProps } from './tabs';

/**
 * V4 configuration: the activity's form (the add modal's fields, activity-form-fields.tsx) with its description in
 * French and in English (rich text of kind `activity.description`), saved together by PUT; the same daylight-saving
 * rules (a skipped time refused under the start, a time lived twice asks which). Unsaved changes are announced and
 * leaving (another tab, another page) asks first. Delete asks, then returns to the list.
 */
export function ConfigurationTab({ projectId, activityId }: EditionTabProps) {
  const { t } = useTranslation();
  const activity = useQuery(activityQuery(projectId, activityId));
  // The form starts from what the server gives now (read again as the tab opens), not from an older copy.
  if (!activity.data || !activity.isFetchedAfterMount) {
    return <Loader role="progressbar" aria-label={t('common.loading')} />;
  }
  // RS4: drawn anew from each version the server gives (a reload after a conflict starts from what was saved).
  return <ConfigurationForm key={activity.data.version} projectId={projectId} activity={activity.data} />;
}

function ConfigurationForm({ projectId, activity }: { projectId: string; activity: Activity }) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Deleting leaves the page first, then refreshes the project's activities: the page never reads the activity it
  // just deleted (it would show "not found" and lose this form before the notice).
  const remove = useMutation({
    mutationFn: () => call(deleteActivity, { params: { projectId, activityId: activity.id } }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('activities.notifications.deleted') });
      setConfirmDelete(false);
      await navigate({ to: '/projects/$projectId/activities', params: { projectId }, ignoreBlocker: true });
      queryClient.removeQueries({ queryKey: activityKeys.one(projectId, activity.id) });
      await queryClient.invalidateQueries({ queryKey: activityKeys.project(projectId) });
    },
    // The server's refusal (a parent with children) shows in the error popup.
    onError: () => setConfirmDelete(false),
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  // RS4: the version this form stands on (the last one it loaded or saved), sent with each save.
  const version = useRef(activity.version);
  const conflict = useEditConflict({
    timeZone: activity.timeZone,
    reload: () => queryClient.invalidateQueries({ queryKey: activityKeys.one(projectId, activity.id) }),
  });
  const { app, ambiguous, setAmbiguous } = useActivityForm({
    projectId,
    activity,
    successMessage: t('activities.notifications.saved'),
    onError: conflict.onError,
    onSaved: (saved) => {
      version.current = saved.version;
    },
    // What other tabs edit (maximum of members, colour, parent) is sent back as the server last gave it.
    beforeSave: (body): ActivityInput => {
      const latest = queryClient.getQueryData<Activity>(activityKeys.one(projectId, activity.id)) ?? activity;
      return {
        ...body,
        maxMembers: latest.maxMembers,
        backgroundColor: latest.backgroundColor,
        parentId: latest.parentId,
        version: version.current,
      };
    },
  });
  const { field } = app;

  const { editor, tooLong } = useFormEditors(field);
  const description = (language: 'fr' | 'en') =>
    editor(`description.${language}`, {
      label: t(`activities.edition.configuration.description.${language}`),
      editorType: 1,
      projectId,
    });

  return (
    <>
      <UnsavedChangesGuard dirty={app.dirty} guardQuery />
      {conflict.dialog}
      <form onSubmit={app.onSubmit} noValidate data-testid="activity-configuration">
        <Stack>
          <Paper withBorder p="md">
            <ActivityFormFields
              app={app}
              projectId={projectId}
              timeZone={activity.timeZone}
              ambiguous={ambiguous}
              setAmbiguous={setAmbiguous}
              withMaxMembers={false}
            />
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {t('activities.edition.configuration.description.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              {description('fr')}
              {description('en')}
            </SimpleGrid>
          </Paper>
          <Group justify="space-between">
            <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
              {t('common.delete')}
            </Button>
            <SubmitButton loading={app.submitting} disabled={tooLong}>
              {t('common.save')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirmDelete}
        danger
        title={t('activities.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate()}
      >
        {t('activities.deleteBody', { title: nameOf(activity.title) })}
      </ConfirmModal>
    </>
  );
}
