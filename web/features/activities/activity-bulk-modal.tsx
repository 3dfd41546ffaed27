import { Button, Group, Radio, Select, type SelectProps, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ActivityBulkAction,
  type ActivityBulkValues,
  type ActivityCategory,
  activityBulkAction,
} from '../../../contracts/activities';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';
import { projectListQuery } from '../projects/api';
import {
  ActivityCategorySelect,
  ActivityTypeSelect,
  HybridTypeSelect,
  MaxMembersInput,
} from './activity-fields';
import { useActivityBulkAction } from './api';
import { LocalDateTimeField } from './local-date-time-field';

type BulkAction = ActivityBulkValues['action'];

/** The bulk actions the bar offers, in the spec's order (5, 6, 7, 8, 9, 14, 15, 16). */
export const OFFERED_BULK_ACTIONS = [
  'endDate',
  'startDate',
  'type',
  'category',
  'maxMembers',
  'migration',
  'section',
  'hybridType',
] as const satisfies readonly BulkAction[];

/** The form's first values for an action: its one input empty (or its first choice). */
function initialValues(action: BulkAction, ids: string[]): ActivityBulkAction {
  switch (action) {
    case 'endDate':
      return { action, ids, noDate: false, endsAt: undefined };
    case 'startDate':
      return { action, ids, noDate: false, startsAt: undefined };
    case 'type':
      return { action, ids, type: 'session' };
    case 'category':
      return { action, ids, categoryId: null };
    case 'maxMembers':
      return { action, ids, maxMembers: null };
    case 'section':
      return { action, ids, sectionId: null };
    case 'hybridType':
      return { action, ids, hybridType: 'inPerson' };
    case 'migration':
      return { action, ids, projectId: '' };
  }
}

/**
 * V1: one bulk action on the checked activities: its one input, then a confirmation naming how many activities
 * change; the server applies it to all of them or none, and its refusals show under the input.
 */
export function ActivityBulkModal({
  projectId,
  action,
  ids,
  sections,
  categories,
  onClose,
  onDone,
}: {
  projectId: string;
  action: BulkAction;
  ids: string[];
  sections: ActivityCategory[];
  categories: ActivityCategory[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const apply = useActivityBulkAction(projectId);
  const [confirming, setConfirming] = useState(false);
  const [ambiguous, setAmbiguous] = useState(false);
  const app = useAppForm({
    schema: activityBulkAction,
    initialValues: initialValues(action, ids),
    submit: async (body) => {
      try {
        return await apply.mutateAsync(body);
      } catch (error) {
        if (error instanceof ApiError && error.fields.some((f) => f.code.endsWith('ambiguousTime'))) {
          setAmbiguous(true);
        }
        throw error;
      } finally {
        setConfirming(false);
      }
    },
    onSaved: (result) => {
      onDone();
      onClose();
      notifications.show({
        color: 'teal',
        message: t('activities.bulk.done', { count: (result as { updated: number }).updated }),
      });
    },
  });
  const { form, field } = app;
  const values = form.getValues() as Record<string, unknown>;

  const handleApply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate().hasErrors) setConfirming(true);
  };

  const dateInput = (name: 'endsAt' | 'startsAt', offset: 'endsAtOffset' | 'startsAtOffset') => {
    const props = field(name);
    return (
      <>
        <Switch label={t('activities.fields.noDate')} {...field('noDate', { type: 'checkbox' })} />
        {!values.noDate && (
          <LocalDateTimeField
            label={t(`activities.fields.${name}`)}
            required
            value={(values[name] as string | undefined) ?? null}
            error={props.error}
            onChange={(next) => {
              form.setFieldValue(name, next ?? undefined);
              form.setFieldValue(offset, undefined);
              setAmbiguous(false);
            }}
          />
        )}
        {!values.noDate && ambiguous && (
          <Radio.Group
            label={t('activities.dst.which')}
            description={t('activities.dst.whichHelp')}
            {...field(offset)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="earlier" label={t('activities.dst.earlier')} />
              <Radio value="later" label={t('activities.dst.later')} />
            </Stack>
          </Radio.Group>
        )}
      </>
    );
  };

  const input = () => {
    switch (action) {
      case 'endDate':
        return dateInput('endsAt', 'endsAtOffset');
      case 'startDate':
        return dateInput('startsAt', 'startsAtOffset');
      case 'type':
        return <ActivityTypeSelect data-autofocus data-testid="bulk-type" {...field('type')} />;
      case 'category':
        return <ActivityCategorySelect kind="category" items={categories} {...field('categoryId')} />;
      case 'section':
        return <ActivityCategorySelect kind="section" items={sections} {...field('sectionId')} />;
      case 'maxMembers':
        return (
          <MaxMembersInput
            {...field('maxMembers')}
            value={values.maxMembers as number | null}
            onChange={(next) => form.setFieldValue('maxMembers', next)}
          />
        );
      case 'hybridType':
        return <HybridTypeSelect {...field('hybridType')} />;
      case 'migration':
        return <TargetProjectSelect projectId={projectId} {...field('projectId')} />;
    }
  };

  return (
    <AppModal opened onClose={onClose} title={t(`activities.bulk.titles.${action}`)} dirty={app.dirty}>
      <form onSubmit={handleApply} noValidate>
        <Stack>
          <Text size="sm">{t('activities.bulk.selected', { count: ids.length })}</Text>
          {input()}
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('activities.bulk.apply')}</Button>
        </Group>
      </form>
      <ConfirmModal
        opened={confirming}
        title={t('activities.bulk.confirmTitle')}
        confirmLabel={t('activities.bulk.apply')}
        loading={app.submitting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => app.onSubmit()}
      >
        {t('activities.bulk.confirmBody', {
          count: ids.length,
          action: t(`activities.bulk.actions.${action}`),
        })}
      </ConfirmModal>
    </AppModal>
  );
}

/** V1 action 14: another project of the company, by name in the reader's language (the first 100 by name). */
function TargetProjectSelect({ projectId, ...props }: SelectProps & { projectId: string }) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const projects = useQuery(
    projectListQuery({ sort: 'name', dir: 'asc', page: 1, pageSize: 100, status: 'all' }),
  );
  const data = (projects.data?.items ?? [])
    .filter((p) => p.id !== projectId)
    .map((p) => ({ value: p.id, label: english ? p.nameEn : p.nameFr }));
  return (
    <Select
      label={t('activities.bulk.targetProject')}
      description={t('activities.bulk.targetProjectHelp')}
      data={data}
      searchable
      data-testid="bulk-target-project"
      {...props}
    />
  );
}
