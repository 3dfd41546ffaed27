import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { meetingsKey, pairingExportUrl, pairingMeetingsQuery } from './api';
import { MeetingsFormModal } from './meetings-form-modal';

/**
 * M6 on the pairing's page, next to the rounds: the meetings generated from the seats (how many, when), a notice
 * when the seats were generated again since, « Générer / Régénérer les rendez-vous », and « Excel du jumelage ».
 */
export function MeetingsPanel({
  projectId,
  pairingId,
  seatsChangedAt,
}: {
  projectId: string;
  pairingId: string;
  /** The last seat generation's end: when it changes, the seats changed and the meetings may be out of date. */
  seatsChangedAt: string | null;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const queryClient = useQueryClient();
  const state = useQuery(pairingMeetingsQuery(projectId, pairingId));
  const seen = useRef(seatsChangedAt);
  useEffect(() => {
    if (seen.current !== seatsChangedAt)
      void queryClient.invalidateQueries({ queryKey: meetingsKey(projectId, pairingId) });
    seen.current = seatsChangedAt;
  }, [seatsChangedAt, projectId, pairingId, queryClient]);
  const [open, setOpen] = useState(false);
  const data = state.data;
  const seated = (data?.tablesPerRound.length ?? 0) > 0;
  const existing = data?.existing.meetings ?? 0;

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="meetings-title"
      data-testid="meetings-panel"
    >
      <Title order={2} size="h3" id="meetings-title" mb="sm">
        {t('pairingMeetings.title')}
      </Title>
      {!data ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('pairingMeetings.intro')}</Text>
          {data.outOfDate && (
            <Alert color="orange" role="status" data-testid="meetings-out-of-date">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('pairingMeetings.outOfDate')}</Text>
                <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={() => setOpen(true)}>
                  {t('pairingMeetings.regenerate')}
                </Button>
              </Stack>
            </Alert>
          )}
          <Text size="sm" data-testid="meetings-existing">
            {existing > 0 && data.existing.createdAt
              ? t('pairingMeetings.existing', {
                  count: existing,
                  members: data.existing.members,
                  date: dateTime(String(data.existing.createdAt), data.timeZone),
                })
              : t('pairingMeetings.none')}
          </Text>
          {!seated && (
            <Text size="sm" c="dimmed">
              {t('pairingMeetings.noSeats')}
            </Text>
          )}
          <Group>
            <Button
              leftSection={<IconCalendarPlus size={16} />}
              disabled={!seated}
              onClick={() => setOpen(true)}
            >
              {existing > 0 ? t('pairingMeetings.regenerate') : t('pairingMeetings.generate')}
            </Button>
            {seated && (
              <Button
                component="a"
                href={pairingExportUrl(projectId, pairingId)}
                download
                variant="default"
                leftSection={<IconDownload size={16} />}
              >
                {t('pairingMeetings.excel.button')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
      {open && data && (
        <MeetingsFormModal
          projectId={projectId}
          pairingId={pairingId}
          state={data}
          onClose={() => setOpen(false)}
        />
      )}
    </Paper>
  );
}
