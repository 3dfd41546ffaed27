import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';

export interface SendCount {
  recipients: number;
  unsubscribed: number;
}

/** A local date and time of the project's zone (YYYY-MM-DDTHH:mm) as the reader reads dates. */
export function useLocalDateTime() {
  const { dateTime } = useFormat();
  return (local: string) => dateTime(`${local}:00.000Z`, 'UTC');
}

/**
 * C1, C2: the confirmation before a send, giving the number of recipients and how many who unsubscribed will not
 * receive it (or will, when the message is transactional); when planned, when it leaves; when the planned date could
 * not be read, the alert that it leaves now.
 */
export function SendConfirmModal({
  count,
  transactional,
  plannedAt,
  timeZone,
  unreadableDate,
  sending,
  onConfirm,
  onCancel,
}: {
  count: SendCount | null;
  transactional: boolean;
  plannedAt: string | null;
  timeZone: string | undefined;
  unreadableDate: boolean;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const local = useLocalDateTime();
  const planned = plannedAt !== null;
  const unsubscribedKey = transactional
    ? 'campaigns.compose.confirm.unsubscribedTransactional'
    : 'campaigns.compose.confirm.unsubscribed';
  return (
    <ConfirmModal
      opened={count !== null}
      title={t(planned ? 'campaigns.compose.confirm.titlePlanned' : 'campaigns.compose.confirm.title')}
      confirmLabel={t(planned ? 'campaigns.compose.schedule' : 'campaigns.compose.send')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      loading={sending}
      confirmDisabled={count?.recipients === 0 && !planned}
    >
      {count && (
        <Stack gap="xs" data-testid="send-confirm">
          {unreadableDate && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
              {t('campaigns.compose.confirm.unreadable')}
            </Alert>
          )}
          <Text size="sm" fw={500} data-testid="send-count">
            {count.recipients === 0
              ? t('campaigns.compose.confirm.none')
              : t('campaigns.compose.confirm.recipients', { count: count.recipients })}
          </Text>
          {count.unsubscribed > 0 && (
            <Text size="sm">{t(unsubscribedKey, { count: count.unsubscribed })}</Text>
          )}
          {plannedAt && (
            <Text size="sm">
              {t('campaigns.compose.confirm.plannedAt', { date: local(plannedAt), timeZone })}
            </Text>
          )}
        </Stack>
      )}
    </ConfirmModal>
  );
}
