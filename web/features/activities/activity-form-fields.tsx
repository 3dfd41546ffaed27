import { Group, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_TITLE_MAX,
  type Activity,
  type ActivityInput,
  activityInput,
  DURATION_MAX,
  LOCATION_MAX,
} from '../../../contracts/activities';
import { type AppForm, useAppForm } from '../../components/forms/use-app-form';
import { ApiError } from '../../lib/api';
import {
  ActivityCategorySelect,
  ActivityTypeSelect,
  HybridTypeSelect,
  MaxMembersInput,
  OffsetChoiceField,
} from './activity-fields';
import { activityCategoryListQuery, useSaveActivity } from './api';
import { LocalDateTimeField } from './local-date-time-field';

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
    ...(activity ? { description: { ...activity.description } } : {}),
  };
}

/**
 * The add modal's and the configuration tab's form: validated by the contract's `activityInput`, saved by POST
 * (new) or PUT (existing). A start lived twice (clocks falling back) makes the server name both instants; the form
 * then offers the choice (`ambiguous`). `beforeSave` may complete the body (the fields another tab edits).
 */
export function useActivityForm({
  projectId,
  activity,
  successMessage,
  onSaved,
  beforeSave = (body) => body,
  persist,
  onError,
}: {
  projectId: string;
  activity: Activity | undefined;
  successMessage: string;
  onSaved?: (saved: Activity) => void;
  /** A failed save the form answers itself (true: handled): the edition's conflict dialog. */
  onError?: (error: unknown) => boolean;
  beforeSave?: (body: ActivityInput) => ActivityInput;
  /**
   * How the body is saved, given the save call (POST for a null id, else PUT): the add modal saves again under the id
   * it got when its host step failed after the activity was created. By default: the activity's own id.
   */
  persist?: (
    body: ActivityInput,
    save: (activityId: string | null, body: ActivityInput) => Promise<Activity>,
  ) => Promise<Activity>;
}) {
  const save = useSaveActivity(projectId);
  // An activity that starts on a time lived twice opens with its choice shown.
  const [ambiguous, setAmbiguous] = useState(Boolean(activity?.startsAtOffset));
  const app = useAppForm({
    schema: activityInput,
    initialValues: activityFormValues(activity),
    submit: async (body) => {
      const saveAs = (activityId: string | null, input: ActivityInput) =>
        save.mutateAsync({ activityId, body: input }) as Promise<Activity>;
      try {
        const input = beforeSave(body);
        return await (persist ? persist(input, saveAs) : saveAs(activity?.id ?? null, input));
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
    successMessage,
    onSaved: (result) => onSaved?.(result as Activity),
    onError,
  });
  return { app, ambiguous, setAmbiguous };
}

export interface ActivityFormFieldsProps {
  app: AppForm<ActivityInput>;
  projectId: string;
  /** The project's zone, in which the start is entered. */
  timeZone: string | undefined;
  ambiguous: boolean;
  setAmbiguous: (ambiguous: boolean) => void;
  /** The maximum of members (the configuration tab leaves it to the options tab). */
  withMaxMembers?: boolean;
  autoFocus?: boolean;
  /** Further fields at the end (the add modal's host step). */
  children?: ReactNode;
}

/**
 * V3 / V4 configuration: titles in French and English, type, « Sans date » hiding start and duration, the start as a
 * local time of the project's zone (and, for a time lived twice, which of the two), category, section, maximum of
 * members, hybrid type, location.
 */
export function ActivityFormFields({
  app,
  projectId,
  timeZone,
  ambiguous,
  setAmbiguous,
  withMaxMembers = true,
  autoFocus = false,
  children,
}: ActivityFormFieldsProps) {
  const { t } = useTranslation();
  const sections = useQuery(activityCategoryListQuery(projectId, 'section'));
  const categories = useQuery(activityCategoryListQuery(projectId, 'category'));
  const { form, field } = app;
  const values = form.getValues();
  const startField = field('startsAt');
  return (
    <Stack>
      <TextInput
        label={t('activities.fields.titleFr')}
        required
        maxLength={ACTIVITY_TITLE_MAX}
        data-autofocus={autoFocus || undefined}
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
        {withMaxMembers && (
          <MaxMembersInput
            {...field('maxMembers')}
            value={values.maxMembers}
            onChange={(next) => form.setFieldValue('maxMembers', next)}
          />
        )}
        <HybridTypeSelect {...field('hybridType')} />
      </Group>
      <TextInput label={t('activities.fields.location')} maxLength={LOCATION_MAX} {...field('location')} />
      {children}
    </Stack>
  );
}
