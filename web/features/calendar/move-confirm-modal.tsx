import { Alert, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OffsetChoice } from '../../../contracts/activities';
import { ConfirmModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import type { CalendarEvent } from './activity-calendar';
import { useRescheduleActivity } from './api';
import { minutesBetween, wallTimeOf } from './floating-time';

export interface PendingMove {
  event: CalendarEvent;
  start: Date;
  end: Date;
  resize: boolean;
}

/**
 * A drag or a resize asks first: the activity's old and new times, written in the project's zone. Confirmed, the
 * server applies its daylight-saving rules: a time that does not exist comes back with its message; a time lived
 * twice shows the message and asks which of the two.
 */
export function MoveConfirmModal({
  projectId,
  timeZone,
  move,
  onClose,
}: {
  projectId: string;
  timeZone: string;
  move: PendingMove;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const reschedule = useRescheduleActivity(projectId);
  const [error, setError] = useState<string | null>(null);
  const [ambiguous, setAmbiguous] = useState(false);
  const [choice, setChoice] = useState<OffsetChoice | undefined>(undefined);
  // Only activities are dragged (meetings are not draggable: see activity-calendar.tsx).
  const activity = move.event.activity as NonNullable<CalendarEvent['activity']>;
  const lang = i18n.language;
  // The new times are floating wall times: written as they are (in UTC), they read as the project's.
  const wall = (date: Date) => formatDateTime(date.toISOString(), lang, 'UTC');
  const before = `${formatDateTime(activity.startsAt ?? '', lang, timeZone)} – ${formatDateTime(activity.endsAt ?? '', lang, timeZone)}`;
  const after = `${wall(move.start)} – ${wall(move.end)}`;

  const confirm = () =>
    reschedule.mutate(
      {
        activityId: activity.id,
        body: {
          startsAt: wallTimeOf(move.start),
          startsAtOffset: ambiguous ? choice : undefined,
          durationMinutes: minutesBetween(move.start, move.end),
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('calendar.move.done') });
          onClose();
        },
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.fields[0] : undefined;
          setError(field?.message ?? (failure instanceof ApiError ? failure.title : String(failure)));
          if (field?.code.endsWith('ambiguousTime')) setAmbiguous(true);
        },
      },
    );

  return (
    <ConfirmModal
      opened
      title={t(move.resize ? 'calendar.move.resizeTitle' : 'calendar.move.title')}
      confirmLabel={t('calendar.move.confirm')}
      loading={reschedule.isPending}
      confirmDisabled={ambiguous && !choice}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <Stack gap="xs" data-testid="move-confirm">
        <Text size="sm" fw={600}>
          {move.event.title}
        </Text>
        <Text size="sm">{t('calendar.move.from', { when: before })}</Text>
        <Text size="sm">{t('calendar.move.to', { when: after })}</Text>
        <Text size="xs" c="dimmed">
          {t('calendar.zone', { zone: timeZone })}
        </Text>
        {error && (
          <Alert color="red" role="alert" data-testid="move-error">
            {error}
          </Alert>
        )}
        {ambiguous && (
          <Radio.Group
            label={t('activities.dst.which')}
            description={t('activities.dst.whichHelp')}
            value={choice ?? null}
            onChange={(value) => setChoice(value as OffsetChoice)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="earlier" label={t('activities.dst.earlier')} />
              <Radio value="later" label={t('activities.dst.later')} />
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </ConfirmModal>
  );
}
