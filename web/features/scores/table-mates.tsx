import { Button, Stack, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatTable } from '../../../contracts/pairings';
import { BreakdownModal } from './breakdown-modal';

/**
 * X1 from the seats screen: for the selected person, each table-mate of the round shown with « Pourquoi
 * ensemble ? », which opens their score broken down by question (the scores screen's panel).
 */
export function TableMates(props: {
  projectId: string;
  participantId: string;
  tableId: string | null;
  tables: SeatTable[];
}) {
  const { t } = useTranslation();
  const [other, setOther] = useState<string | null>(null);
  const mates = (props.tables.find((e) => e.table.id === props.tableId)?.people ?? []).filter(
    (p) => p.participantId !== props.participantId,
  );
  if (mates.length === 0) return null;
  return (
    <Stack gap={2} data-testid="table-mates">
      <Text size="sm" fw={600}>
        {t('scores.whyTogether')}
      </Text>
      {mates.map((mate) => (
        <Button
          key={mate.participantId}
          size="compact-sm"
          variant="subtle"
          justify="flex-start"
          leftSection={<IconHelpCircle size={14} aria-hidden />}
          onClick={() => setOther(mate.participantId)}
        >
          {t('scores.whyWith', { name: `${mate.firstName} ${mate.lastName}` })}
        </Button>
      ))}
      <BreakdownModal
        projectId={props.projectId}
        pair={other ? { a: props.participantId, b: other } : null}
        onClose={() => setOther(null)}
      />
    </Stack>
  );
}
