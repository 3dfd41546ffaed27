import { Group, Input, MultiSelect, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type B2bSession, b2bSessionForm, SESSION_NAME_MAX } from '../../../contracts/b2b';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { SelectButtons } from '../../components/select-buttons';
import { activityCategoryListQuery } from '../activities/api';
import { useLocalizedName } from '../activities/localized-name';
import { groupTreeQuery } from '../groups/api';
import { projectQuery } from '../projects/api';
import { roleListQuery } from '../roles/api';
import { sessionListQuery, useSaveSession } from './api';

/** Add or edit a B2B session: its day and slots (project's zone), tables, caps, mode, audience and earlier session. */
export function SessionFormModal({
  projectId,
  session,
  onClose,
}: {
  projectId: string;
  session: B2bSession | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const project = useQuery(projectQuery(projectId));
  const categories = useQuery(activityCategoryListQuery(projectId, 'category'));
  const roles = useQuery(roleListQuery(projectId));
  const groups = useQuery(groupTreeQuery(projectId));
  const sessions = useQuery(sessionListQuery(projectId, { pageSize: 100, page: 1, dir: 'asc' }));
  const save = useSaveSession(projectId);
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: b2bSessionForm,
    initialValues: {
      name: session?.name ?? '',
      startsAtLocal: session?.startsAtLocal ?? undefined,
      slotMinutes: session?.slotMinutes ?? 15,
      breakMinutes: session?.breakMinutes ?? 5,
      slotCount: session?.slotCount ?? 12,
      tablesPerSlot: session?.tableCategory ? null : (session?.tablesPerSlot ?? 20),
      tableCategoryId: session?.tableCategory?.id ?? null,
      defaultCap: session?.defaultCap ?? 8,
      mode: session?.mode ?? 'inPerson',
      roleIds: session?.roleIds ?? [],
      groupIds: session?.groupIds ?? [],
      metSessionId: session?.metSession?.id ?? null,
    },
    submit: (body) => save.mutateAsync({ sessionId: session?.id ?? null, body }),
    successMessage: t(session ? 'b2b.sessions.saved' : 'b2b.sessions.created'),
    onSaved: onClose,
  });
  const values = form.getValues();
  const usesCategory = values.tableCategoryId !== null;
  const timeProps = field('startsAtLocal');

  return (
    <AppModal
      opened
      onClose={onClose}
      title={t(session ? 'b2b.sessions.editTitle' : 'b2b.sessions.addTitle')}
      size="lg"
      dirty={dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('b2b.fields.name')}
            required
            maxLength={SESSION_NAME_MAX}
            data-autofocus
            {...field('name')}
          />
          <TextInput
            type="datetime-local"
            label={t('b2b.fields.startsAt')}
            description={
              project.data ? t('activities.fields.timeZone', { timeZone: project.data.timeZone }) : undefined
            }
            required
            {...timeProps}
            value={(timeProps.value as string | undefined) ?? ''}
            onChange={(e) => form.setFieldValue('startsAtLocal', e.currentTarget.value || undefined)}
          />
          <SimpleGrid cols={3}>
            <NumberInput
              label={t('b2b.fields.slotCount')}
              required
              min={1}
              allowDecimal={false}
              {...field('slotCount')}
            />
            <NumberInput
              label={t('b2b.fields.slotMinutes')}
              required
              min={5}
              allowDecimal={false}
              {...field('slotMinutes')}
            />
            <NumberInput
              label={t('b2b.fields.breakMinutes')}
              min={0}
              allowDecimal={false}
              {...field('breakMinutes')}
            />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <Select
              label={t('b2b.fields.tableCategory')}
              clearable
              placeholder={t('b2b.fields.tableCategoryNone')}
              data={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: nameOf(c.name) }))}
              {...field('tableCategoryId')}
              onChange={(v) => {
                form.setFieldValue('tableCategoryId', v);
                form.setFieldValue('tablesPerSlot', v ? null : 20);
              }}
            />
            <NumberInput
              label={t('b2b.fields.tablesPerSlot')}
              min={1}
              allowDecimal={false}
              disabled={usesCategory}
              {...field('tablesPerSlot')}
              value={usesCategory ? '' : ((field('tablesPerSlot').value as number | null) ?? '')}
              onChange={(v) => form.setFieldValue('tablesPerSlot', typeof v === 'number' ? v : null)}
            />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <NumberInput
              label={t('b2b.fields.defaultCap')}
              required
              min={0}
              allowDecimal={false}
              {...field('defaultCap')}
            />
            <Input.Wrapper label={t('b2b.fields.mode')}>
              <SelectButtons
                label={t('b2b.fields.mode')}
                options={[
                  { value: 'inPerson', label: t('b2b.modes.inPerson') },
                  { value: 'virtual', label: t('b2b.modes.virtual') },
                ]}
                value={values.mode ?? 'inPerson'}
                onChange={(v) => form.setFieldValue('mode', v)}
              />
            </Input.Wrapper>
          </SimpleGrid>
          <MultiSelect
            label={t('b2b.fields.roles')}
            description={t('b2b.fields.audienceHelp')}
            data={(roles.data?.items ?? []).map((r) => ({ value: r.id, label: nameOf(r.name) }))}
            {...field('roleIds')}
          />
          <MultiSelect
            label={t('b2b.fields.groups')}
            data={(groups.data?.categories ?? []).map((c) => ({
              group: nameOf(c.name),
              items: c.groups.map((g) => ({ value: g.id, label: nameOf(g.name) })),
            }))}
            {...field('groupIds')}
          />
          <Select
            label={t('b2b.fields.metSession')}
            description={t('b2b.fields.metSessionHelp')}
            clearable
            data={(sessions.data?.items ?? [])
              .filter((s) => s.id !== session?.id)
              .map((s) => ({ value: s.id, label: s.name }))}
            {...field('metSessionId')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{session ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
