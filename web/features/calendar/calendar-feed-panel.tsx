import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/modal/app-modal';
import { SecretAddressField } from '../../components/secret-address/secret-address-field';
import { useFormat } from '../../lib/format';
import { calendarDownloadUrl, calendarFeedQuery, useRegenerateCalendarFeed } from './api';

/**
 * The iCalendar feed of the project (participantId null) or of one participant: its secret address to copy into a
 * calendar application, made or regenerated here (regenerating is confirmed: the old address stops working), and
 * the same calendar to download as a .ics file.
 */
export function CalendarFeedPanel({
  projectId,
  participantId,
  title,
}: {
  projectId: string;
  participantId: string | null;
  title: string;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const feed = useQuery(calendarFeedQuery(projectId, participantId));
  const regenerate = useRegenerateCalendarFeed(projectId, participantId);
  const [confirming, setConfirming] = useState(false);
  const address = feed.data?.path ? new URL(feed.data.path, window.location.origin).toString() : null;
  const make = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({
          color: 'teal',
          message: t(address ? 'calendar.feed.regenerated' : 'calendar.feed.created'),
        });
      },
    });

  return (
    <Paper
      withBorder
      p="md"
      data-testid={participantId ? 'participant-calendar-feed' : 'project-calendar-feed'}
    >
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm">{t('calendar.feed.help')}</Text>
        {!feed.data ? (
          <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
        ) : address ? (
          <>
            <SecretAddressField
              address={address}
              label={t('calendar.feed.address')}
              copyLabel={t('calendar.feed.copy')}
              copiedLabel={t('calendar.feed.copied')}
              testId="calendar-feed-address"
            />
            {feed.data.createdAt && (
              <Text size="xs" c="dimmed">
                {t('calendar.feed.since', { date: dateTime(feed.data.createdAt) })}
              </Text>
            )}
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} />}
                onClick={() => setConfirming(true)}
              >
                {t('calendar.feed.regenerate')}
              </Button>
              <DownloadLink projectId={projectId} participantId={participantId} />
            </Group>
          </>
        ) : (
          <Group gap="xs">
            <Button size="xs" onClick={make} loading={regenerate.isPending}>
              {t('calendar.feed.create')}
            </Button>
            <DownloadLink projectId={projectId} participantId={participantId} />
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        danger
        title={t('calendar.feed.regenerateTitle')}
        confirmLabel={t('calendar.feed.regenerate')}
        loading={regenerate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={make}
      >
        {t('calendar.feed.regenerateBody')}
      </ConfirmModal>
    </Paper>
  );
}

function DownloadLink({ projectId, participantId }: { projectId: string; participantId: string | null }) {
  const { t } = useTranslation();
  return (
    <Anchor
      href={calendarDownloadUrl(projectId, participantId)}
      download
      size="sm"
      data-testid="calendar-download"
    >
      <Group gap={4} wrap="nowrap" component="span">
        <IconDownload size={14} aria-hidden />
        {t('calendar.feed.download')}
      </Group>
    </Anchor>
  );
}
