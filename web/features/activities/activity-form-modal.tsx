import { Button, Group, Loader, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_TITLE_MAX,
  type Activity,
  type ActivityInput,
  activityInput,
  DURATION_MAX,
  LOCATION_MAX,
} from '../../../contracts/activities';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';
import { projectQuery } from '../projects/api';
import {
  ActivityCategorySelect,
  ActivityTypeSelect,
  HybridTypeSelect,
  MaxMembersInput,
  OffsetChoiceField,
} from './activity-fields';
import { activityCategoryListQuery, activityQuery, useDeleteActivity, useSaveActivity } from './api';
import { HostStepsFieldset, useHostSteps } from './hosts/host-steps';
import { LocalDateTimeField } from './local-date-time-field';
import { useLocalizedName } from './localized-name';

const AMBIGUOUS = 'validation.activities.ambiguousTime';

/** The form's values for a new activity, or for one read from the server (its local start, as read, kept). */
export function activityFormValues(activity?: Activity): ActivityInput {
  return {
    title: activity ? { ...activity.title } : { fr: '', en: '' },
    type: activity?.type ?? 'session',
    categoryId: activity?.category?.id ?? null,
    sectionId: activity?.section?.id ?? null,
    noDate: activity?.noDate ?? false,
    startsAt: activity?.startsAtLocal ?? null,
    startsAtOffset: activity?.startsAtOffset ?? undefined,
    durationMinutes: activity?.durationMinutes ?? 60,
    maxMembers: activity?.maxMembers ?? null,
    hybridType: activity?.hybridType ?? 'inPerson',
    location: activity?.location ?? '',
    parentId: activity?.parentId ?? null,
    backgroundColor: activity?.backgroundColor ?? null,
  };
}

/**
 * V3: add an activity (titles, type, the no-date toggle hiding the start and the duration, the start as a local time
 * of the project's zone); the same modal edits one (a row click) and deletes it after a confirmation. A start that
 * daylight saving skips is refused under its field; one it repeats shows the server's two instants and asks which.
 */
export function ActivityFormModal({
  projectId,
  activityId,
  onClose,
}: {
  projectId: string;
  activityId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const existing = useQuery({ ...activityQuery(projectId, activityId ?? ''), enabled: Boolean(activityId) });
  const title = t(activityId ? 'activities.editTitle' : 'activities.addTitle');
  if (activityId && !existing.data) {
    return (
      <AppModal opened onClose={onClose} title={title} size="lg">
        {existing.isError ? null : <Loader role="progressbar" aria-label={t('common.loading')} />}
      </AppModal>
    );
  }
  return <ActivityForm projectId={projectId} activity={existing.data} title={title} onClose={onClose} />;
}

function ActivityForm({
  projectId,
  activity,
  title,
  onClose,
}: {
  projectId: string;
  activity: Activity | undefined;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const project = useQuery(projectQuery(projectId));
  const sections = useQuery(activityCategoryListQuery(projectId, 'section'));
  const categories = useQuery(activityCategoryListQuery(projectId, 'category'));
  const save = useSaveActivity(projectId);
  const remove = useDeleteActivity(projectId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A start lived twice (clocks falling back): the server named both instants; the organiser picks one.
  const [ambiguous, setAmbiguous] = useState(Boolean(activity?.startsAtOffset));
  // V3 (add only): the new host, created right after the activity; when that fails the activity is kept and a new
  // submit saves it again (edit) before trying the host again.
  const hostSteps = useHostSteps(projectId);
  const created = useRef<string | null>(null);
  const app = useAppForm({
    schema: activityInput,
    initialValues: activityFormValues(activity),
    submit: async (body) => {
      try {
        const saved = await save.mutateAsync({ activityId: activity?.id ?? created.current, body });
        if (!activity) {
          created.current = saved.id;
          await hostSteps.createFor(saved.id);
        }
        return saved;
      } catch (error) {
        if (
          error instanceof ApiError &&
          error.fields.some((f) => f.field === 'startsAt' && f.code === AMBIGUOUS)
        ) {
          setAmbiguous(true);
        }
        throw error;
      }
    },
    successMessage: t(activity ? 'activities.notifications.saved' : 'activities.notifications.created'),
    onSaved: onClose,
  });
  const { form, field } = app;
  const values = form.getValues();
  const timeZone = activity?.timeZone ?? project.data?.timeZone;
  const startField = field('startsAt');

  return (
    <AppModal opened onClose={onClose} title={title} size="lg" dirty={app.dirty}>
      <form onSubmit={app.onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('activities.fields.titleFr')}
            required
            maxLength={ACTIVITY_TITLE_MAX}
            data-autofocus
            {...field('title.fr')}
          />
          <TextInput
            label={t('activities.fields.titleEn')}
            required
            maxLength={ACTIVITY_TITLE_MAX}
            {...field('title.en')}
          />
          <ActivityTypeSelect {...field('type')} />
          <Switch label={t('activities.fields.noDate')} {...field('noDate', { type: 'checkbox' })} />
          {!values.noDate && (
            <Group align="flex-start" grow>
              <LocalDateTimeField
                label={t('activities.fields.startsAt')}
                required
                timeZone={timeZone}
                value={values.startsAt ?? null}
                error={startField.error}
                onBlur={startField.onBlur as () => void}
                onChange={(next) => {
                  form.setFieldValue('startsAt', next);
                  form.setFieldValue('startsAtOffset', undefined);
                  setAmbiguous(false);
                }}
                data-testid="activity-start"
              />
              <NumberInput
                label={t('activities.fields.durationMinutes')}
                min={0}
                max={DURATION_MAX}
                allowDecimal={false}
                {...field('durationMinutes')}
              />
            </Group>
          )}
          {!values.noDate && ambiguous && <OffsetChoiceField {...field('startsAtOffset')} />}
          <Group grow>
            <ActivityCategorySelect kind="category" items={categories.data?.items} {...field('categoryId')} />
            <ActivityCategorySelect kind="section" items={sections.data?.items} {...field('sectionId')} />
          </Group>
          <Group grow align="flex-start">
            <MaxMembersInput
              {...field('maxMembers')}
              value={values.maxMembers}
              onChange={(next) => form.setFieldValue('maxMembers', next)}
            />
            <HybridTypeSelect {...field('hybridType')} />
          </Group>
          <TextInput
            label={t('activities.fields.location')}
            maxLength={LOCATION_MAX}
            {...field('location')}
          />
          {!activity && <HostStepsFieldset steps={hostSteps} />}
        </Stack>
        <Group justify="space-between" mt="lg">
          {activity ? (
            <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
              {t('common.delete')}
            </Button>
          ) : (
            <span />
          )}
          <SubmitButton loading={app.submitting}>
            {activity ? t('common.save') : t('common.create')}
          </SubmitButton>
        </Group>
      </form>
      {activity && (
        <ConfirmModal
          opened={confirmDelete}
          danger
          title={t('activities.deleteTitle')}
          confirmLabel={t('common.delete')}
          loading={remove.isPending}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(activity.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('activities.notifications.deleted') });
                setConfirmDelete(false);
                onClose();
              },
              onError: () => setConfirmDelete(false),
            })
          }
        >
          {t('activities.deleteBody', { title: nameOf(activity.title) })}
        </ConfirmModal>
      )}
    </AppModal>
  );
}
