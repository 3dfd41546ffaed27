import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ParticipantStatus } from '../../../contracts/participant-list';

/** A participant's status as the lists show it (participants, report). */
export function StatusBadge({ status }: { status: ParticipantStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={status === 'cancelled' ? 'gray' : status === 'confirmed' ? 'teal' : 'blue'}
      variant="light"
      style={{ minWidth: 'max-content' }}
    >
      {t(`participants.status.${status}`)}
    </Badge>
  );
}
