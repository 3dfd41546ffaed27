import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignStatus } from '../../../contracts/campaigns';

const COLOURS: Record<CampaignStatus, string> = {
  planned: 'violet',
  sending: 'blue',
  sent: 'teal',
  cancelled: 'gray',
};

/** Where a batch stands: planned, being sent, sent, or cancelled. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={COLOURS[status]}
      miw="max-content"
      data-testid="campaign-status"
      data-status={status}
    >
      {t(`campaigns.log.status.${status}`)}
    </Badge>
  );
}
