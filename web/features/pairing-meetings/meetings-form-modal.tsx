import { Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_TYPES } from '../../../contracts/activity-list';
import {
  MEETING_DURATION_MAX,
  MEETING_INTERVAL_MAX,
  MEETING_PREFIX_MAX,
  type PairingMeetingsInput,
  type PairingMeetingsResult,
  type PairingMeetingsState,
  pairingMeetingsForm,
} from '../../../contracts/pairing-meetings';
import { showError } from '../../components/feedback/error-dialog';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { intlLocale } from '../../lib/i18n';
import { LocalDateTimeField } from '../activities/local-date-time-field';
import { useGenerateMeetings } from './api';
import { formatWallTime, meetingsPreview } from './preview';

/**
 * M6 « Générer les rendez-vous »: prefix (French and English), the first round's start in the project's zone,
 * duration, interval, activity type, in person and/or virtual, and a live preview of what will be made. When
 * meetings were generated before, a confirmation says how many go (and the members added to them by hand).
 */
export function MeetingsFormModal({
  projectId,
  pairingId,
  state,
  onClose,
}: {
  projectId: string;
  pairingId: string;
  state: PairingMeetingsState;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const generate = useGenerateMeetings(projectId, pairingId);
  const [pending, setPending] = useState<PairingMeetingsInput | null>(null);
  const done = (result: PairingMeetingsResult) => {
    notifications.show({ color: 'teal', message: result.message });
    onClose();
  };
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: pairingMeetingsForm,
    initialValues: { ...state.settings } as PairingMeetingsInput,
    submit: async (body) => {
      if (state.existing.meetings > 0) {
        setPending(body);
        return null;
      }
      return generate.mutateAsync(body);
    },
    onSaved: (result) => {
      if (result) done(result as PairingMeetingsResult);
    },
  });
  const values = form.getValues() as PairingMeetingsInput;
  const preview = meetingsPreview(
    state.tablesPerRound,
    values.startsAt ?? '',
    Number(values.durationMinutes),
    Number(values.intervalMinutes ?? 0),
  );
  const locale = intlLocale(i18n.language);
  const modeError = field('inPerson').error;

  return (
    <AppModal opened onClose={onClose} dirty={dirty} size="lg" title={t('pairingMeetings.form.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Group grow align="flex-start">
            <TextInput
              label={t('pairingMeetings.form.prefixFr')}
              required
              maxLength={MEETING_PREFIX_MAX}
              description={t('pairingMeetings.form.prefixHelp', { prefix: values.prefix.fr })}
              data-autofocus
              {...field('prefix.fr')}
            />
            <TextInput
              label={t('pairingMeetings.form.prefixEn')}
              required
              maxLength={MEETING_PREFIX_MAX}
              description={t('pairingMeetings.form.prefixHelp', { prefix: values.prefix.en })}
              {...field('prefix.en')}
            />
          </Group>
          <LocalDateTimeField
            label={t('pairingMeetings.form.startsAt')}
            required
            timeZone={state.timeZone}
            {...field('startsAt')}
            value={values.startsAt ?? null}
            onChange={(v) => form.setFieldValue('startsAt', v)}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t('pairingMeetings.form.duration')}
              required
              min={1}
              max={MEETING_DURATION_MAX}
              allowDecimal={false}
              allowNegative={false}
              {...field('durationMinutes')}
            />
            <NumberInput
              label={t('pairingMeetings.form.interval')}
              min={0}
              max={MEETING_INTERVAL_MAX}
              allowDecimal={false}
              allowNegative={false}
              {...field('intervalMinutes')}
            />
          </Group>
          <Select
            label={t('pairingMeetings.form.type')}
            data-testid="meetings-type"
            allowDeselect={false}
            data={ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`activities.types.${type}`) }))}
            {...field('type')}
          />
          <Stack gap={6} role="group" aria-label={t('pairingMeetings.form.title')}>
            <Group>
              <Switch
                label={t('pairingMeetings.form.inPerson')}
                {...field('inPerson', { type: 'checkbox' })}
                error={undefined}
              />
              <Switch label={t('pairingMeetings.form.virtual')} {...field('virtual', { type: 'checkbox' })} />
            </Group>
            {modeError && (
              <Text size="sm" c="red" role="alert">
                {modeError}
              </Text>
            )}
          </Stack>
          {preview && (
            <Text size="sm" fw={600} data-testid="meetings-preview" aria-live="polite">
              {t(
                preview.tables === null
                  ? 'pairingMeetings.form.previewUneven'
                  : 'pairingMeetings.form.preview',
                {
                  count: preview.count,
                  rounds: preview.rounds,
                  tables: preview.tables ?? 0,
                  start: formatWallTime(preview.start, locale),
                  end: formatWallTime(preview.end, locale),
                },
              )}
            </Text>
          )}
          <Group justify="flex-end">
            <SubmitButton loading={submitting || generate.isPending}>
              {t('pairingMeetings.form.submit')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={pending !== null}
        title={t('pairingMeetings.form.confirmTitle')}
        confirmLabel={t('pairingMeetings.form.confirmButton')}
        danger
        loading={generate.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          generate.mutate(pending, {
            onSuccess: (result) => {
              setPending(null);
              done(result);
            },
            onError: (error) => {
              setPending(null);
              showError(error);
            },
          });
        }}
      >
        <Stack gap="xs">
          <Text size="sm">
            {t('pairingMeetings.form.confirm', {
              count: state.existing.meetings,
              members: state.existing.members,
            })}
          </Text>
          {state.existing.addedByHand > 0 && (
            <Text size="sm" fw={600}>
              {t('pairingMeetings.form.confirmHand', { count: state.existing.addedByHand })}
            </Text>
          )}
        </Stack>
      </ConfirmModal>
    </AppModal>
  );
}
