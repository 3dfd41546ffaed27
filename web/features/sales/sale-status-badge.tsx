import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SaleStatus } from '../../../contracts/sales';

const COLOURS: Record<SaleStatus, string> = {
  paid: 'teal',
  pending: 'yellow',
  courtesy: 'grape',
  cancelled: 'gray',
};

/** A sale's status in the reader's language. */
export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[status]} variant="light">
      {t(`sales.status.${status}`)}
    </Badge>
  );
}
