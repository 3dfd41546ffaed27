import { Group, Loader, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCATION_MAX } from '../../../../contracts/activities';
import { activityLocationInput } from '../../../../contracts/activity-links';
import { SubmitButton } from '../../../components/forms/submit-button';
import { UnsavedChangesGuard } from '../../../components/forms/unsaved-guard';
import { useAppForm } from '../../../components/forms/use-app-form';
import { activityQuery } from '../api';
import { useSaveLocation } from './link-api';
import { OtherLinksPanel } from './other-links-panel';
import type { EditionTabProps } from './tabs';
import { VideoRoomPanel } from './video-room-panel';

/** V4 link tab: the activity's location, its video room (V6) and its other links. */
export function LinkTab({ projectId, activityId }: EditionTabProps) {
  return (
    <Stack>
      <LocationPanel projectId={projectId} activityId={activityId} />
      <VideoRoomPanel projectId={projectId} activityId={activityId} />
      <OtherLinksPanel projectId={projectId} activityId={activityId} />
    </Stack>
  );
}

function LocationPanel({ projectId, activityId }: EditionTabProps) {
  const { t } = useTranslation();
  const activity = useQuery(activityQuery(projectId, activityId));
  return (
    <Paper withBorder p="md" data-testid="location-panel">
      <Title order={2} size="h3" mb="sm">
        {t('activities.linkTab.location.title')}
      </Title>
      {activity.data ? (
        <LocationForm projectId={projectId} activityId={activityId} location={activity.data.location} />
      ) : (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      )}
    </Paper>
  );
}

function LocationForm({ projectId, activityId, location }: EditionTabProps & { location: string | null }) {
  const { t } = useTranslation();
  const save = useSaveLocation(projectId, activityId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: activityLocationInput,
    initialValues: { location: location ?? '' },
    submit: (body) => save.mutateAsync(body.location ?? ''),
    successMessage: t('activities.linkTab.location.saved'),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <UnsavedChangesGuard dirty={dirty} />
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('activities.linkTab.location.label')}
          description={t('activities.linkTab.location.description')}
          maxLength={LOCATION_MAX}
          {...field('location')}
        />
        <SubmitButton loading={submitting}>{t('common.save')}</SubmitButton>
      </Group>
    </form>
  );
}
