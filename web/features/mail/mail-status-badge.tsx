import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MailStatus } from '../../../contracts/mail';

const COLOURS: Record<MailStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'teal',
  failed: 'red',
  kept: 'yellow',
};

/** Where a message stands: queued, sending, sent, failed, or kept in the app (no SMTP server). */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOURS[status]} data-testid="mail-status" data-status={status}>
      {t(`mail.outbox.status.${status}`)}
    </Badge>
  );
}
