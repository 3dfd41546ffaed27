import { Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addMeetingInput,
  moveMeetingInput,
  type ScheduleMeeting,
  type ScheduleResponse,
} from '../../../contracts/b2b-schedule';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { useAddMeeting, useDeleteMeeting, useMoveMeeting } from './api';
import { PairSelects } from './person-select';
import { ConflictBadges, useSlotTimes } from './schedule-tab';

/** A meeting: its people and conflicts; moved to another slot and table, or removed (confirmed). */
export function MeetingModal({
  projectId,
  sessionId,
  meeting,
  schedule,
  onClose,
}: {
  projectId: string;
  sessionId: string;
  meeting: ScheduleMeeting;
  schedule: ScheduleResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const slotTimes = useSlotTimes();
  const move = useMoveMeeting(projectId, sessionId);
  const remove = useDeleteMeeting(projectId, sessionId);
  const [removing, setRemoving] = useState(false);
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: moveMeetingInput,
    initialValues: { slot: meeting.slot, table: meeting.table },
    submit: (body) => move.mutateAsync({ meetingId: meeting.id, ...body }),
    successMessage: t('b2b.meeting.moved'),
    onSaved: onClose,
  });
  const pair = `${meeting.a.firstName} ${meeting.a.lastName} / ${meeting.b.firstName} ${meeting.b.lastName}`;
  const slotProps = field('slot');
  return (
    <AppModal opened onClose={onClose} title={t('b2b.meeting.title')} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text fw={600}>{pair}</Text>
          <ConflictBadges meeting={meeting} />
          <Select
            label={t('b2b.schedule.slot')}
            data={schedule.slots.map((s) => ({
              value: String(s.index),
              label: slotTimes(s),
            }))}
            {...slotProps}
            value={String(form.getValues().slot)}
            onChange={(v) => v !== null && form.setFieldValue('slot', Number(v))}
            data-autofocus
          />
          <NumberInput
            label={t('b2b.schedule.table')}
            min={1}
            max={schedule.tables}
            allowDecimal={false}
            {...field('table')}
          />
        </Stack>
        <Group justify="space-between" mt="lg">
          <Button color="red" variant="default" onClick={() => setRemoving(true)}>
            {t('b2b.meeting.remove')}
          </Button>
          <SubmitButton loading={submitting}>{t('b2b.meeting.move')}</SubmitButton>
        </Group>
      </form>
      <ConfirmModal
        opened={removing}
        title={t('b2b.meeting.removeTitle')}
        confirmLabel={t('b2b.meeting.remove')}
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(meeting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('b2b.meeting.removed') });
              setRemoving(false);
              onClose();
            },
          })
        }
      >
        {t('b2b.meeting.removeBody', { pair })}
      </ConfirmModal>
    </AppModal>
  );
}

/** Place a meeting by hand: two people of the session, a slot and a free table. */
export function AddMeetingModal({
  projectId,
  sessionId,
  schedule,
  onClose,
}: {
  projectId: string;
  sessionId: string;
  schedule: ScheduleResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const slotTimes = useSlotTimes();
  const add = useAddMeeting(projectId, sessionId);
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: addMeetingInput,
    initialValues: { participantA: '', participantB: '', slot: 0, table: 1 },
    submit: (body) => add.mutateAsync(body),
    successMessage: t('b2b.meeting.added'),
    onSaved: onClose,
  });
  return (
    <AppModal opened onClose={onClose} title={t('b2b.meeting.addTitle')} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <PairSelects
            projectId={projectId}
            sessionId={sessionId}
            field={field}
            onChange={(name, v) => form.setFieldValue(name, v)}
          />
          <Select
            label={t('b2b.schedule.slot')}
            data={schedule.slots.map((s) => ({
              value: String(s.index),
              label: slotTimes(s),
            }))}
            {...field('slot')}
            value={String(form.getValues().slot)}
            onChange={(v) => v !== null && form.setFieldValue('slot', Number(v))}
          />
          <NumberInput
            label={t('b2b.schedule.table')}
            min={1}
            max={schedule.tables}
            allowDecimal={false}
            {...field('table')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('b2b.meeting.add')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
