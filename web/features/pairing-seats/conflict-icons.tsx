import { Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconArrowsExchange, IconCalendar, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REJECT_CODES, type RejectCode } from '../../../contracts/pairing-seats';

/** 001 §2: one icon per reject code, each with its name (aria-label and tooltip), and the page's legend. */
const ICONS = {
  2: { Icon: IconAlertTriangle, color: 'var(--mantine-color-orange-9)' },
  3: { Icon: IconArrowsExchange, color: 'var(--mantine-color-blue-9)' },
  4: { Icon: IconCalendar, color: 'var(--mantine-color-grape-9)' },
  5: { Icon: IconUserOff, color: 'var(--mantine-color-red-9)' },
} as const;

export function ConflictIcon({ code }: { code: RejectCode }) {
  const { t } = useTranslation();
  const { Icon, color } = ICONS[code];
  const label = t(`pairingSeats.conflicts.${code}`);
  return (
    <Tooltip label={label} withinPortal>
      <Icon size={16} color={color} role="img" aria-label={label} data-testid={`conflict-${code}`} />
    </Tooltip>
  );
}

export function ConflictLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" aria-label={t('pairingSeats.legend')} role="group" data-testid="conflict-legend">
      {REJECT_CODES.map((code) => {
        const { Icon, color } = ICONS[code];
        return (
          <Group key={code} gap={4} wrap="nowrap">
            <Icon size={16} color={color} aria-hidden />
            <Text size="sm">{t(`pairingSeats.conflicts.${code}`)}</Text>
          </Group>
        );
      })}
    </Group>
  );
}
