import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MailStatus } from '../../../contracts/mail';

const COLOURS: Record<MailStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'teal',
  failed: 'red',
  bounced: 'orange',
  kept: 'yellow',
  cancelled: 'dark',
};

/** Where a message stands: queued, sending, sent, failed, bounced, kept in the app (no SMTP server), or cancelled. */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOURS[status]} data-testid="mail-status" data-status={status}>
      {t(`mail.outbox.status.${status}`)}
    </Badge>
  );
}
