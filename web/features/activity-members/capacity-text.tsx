import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Capacity } from '../../../contracts/activity-members';

/** « 12 / 40 places », or the count alone when the activity has no limit. */
export function CapacityText({ capacity }: { capacity: Capacity | undefined }) {
  const { t } = useTranslation();
  if (!capacity) return null;
  return (
    <Text fw={500} data-testid="activity-capacity">
      {capacity.maxMembers === null
        ? t('activities.members.capacityUnlimited', { count: capacity.members })
        : t('activities.members.capacity', { members: capacity.members, maximum: capacity.maxMembers })}
    </Text>
  );
}
