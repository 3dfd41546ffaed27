import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoRoom } from '../../../../contracts/activity-video';
import { ConfirmModal } from '../../../components/modal/app-modal';
import { useGenerateVideoRoom, videoRoomQuery } from './link-api';
import type { EditionTabProps } from './tabs';

/**
 * V6: the activity's video room at Whereby. Generating answers at once with a pending room, which the tab polls
 * until it is ready (both addresses) or failed (the reason). The button is locked, with the reason under it, when
 * the server has no Whereby key or the activity has no date or has ended. Regenerating is confirmed first: the old
 * addresses stop working.
 */
export function VideoRoomPanel({ projectId, activityId }: EditionTabProps) {
  const { t } = useTranslation();
  const query = useQuery(videoRoomQuery(projectId, activityId));
  const generate = useGenerateVideoRoom(projectId, activityId);
  const [confirming, setConfirming] = useState(false);
  const room = query.data;

  return (
    <Paper withBorder p="md" data-testid="video-room-panel">
      <Title order={2} size="h3" mb={4}>
        {t('activities.linkTab.video.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('activities.linkTab.video.description')}
      </Text>
      {!room ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : (
        <Stack gap="sm">
          <RoomState room={room} />
          <RoomButton
            room={room}
            loading={generate.isPending}
            onGenerate={() => generate.mutate({ replace: room.status === 'failed' })}
            onRegenerate={() => setConfirming(true)}
          />
        </Stack>
      )}
      <ConfirmModal
        opened={confirming}
        danger
        title={t('activities.linkTab.video.regenerateTitle')}
        confirmLabel={t('activities.linkTab.video.regenerateConfirm')}
        loading={generate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => generate.mutate({ replace: true }, { onSettled: () => setConfirming(false) })}
      >
        {t('activities.linkTab.video.regenerateBody')}
      </ConfirmModal>
    </Paper>
  );
}

function RoomState({ room }: { room: VideoRoom }) {
  const { t } = useTranslation();
  if (room.status === 'pending') {
    return (
      <Group gap="xs" role="status" data-testid="video-room-pending">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{t('activities.linkTab.video.pending')}</Text>
      </Group>
    );
  }
  if (room.status === 'failed') {
    return (
      <Alert color="red" title={t('activities.linkTab.video.failed')} role="alert">
        {room.error}
      </Alert>
    );
  }
  if (room.status === 'ready' && room.roomUrl && room.hostRoomUrl) {
    return (
      <Stack gap="xs" data-testid="video-room-ready">
        <RoomAddress
          label={t('activities.linkTab.video.roomUrl')}
          url={room.roomUrl}
          testId="video-room-url"
        />
        <RoomAddress
          label={t('activities.linkTab.video.hostRoomUrl')}
          url={room.hostRoomUrl}
          testId="video-host-room-url"
        />
      </Stack>
    );
  }
  return null;
}

function RoomAddress({ label, url, testId }: { label: string; url: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Anchor
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        style={{ wordBreak: 'break-all' }}
        aria-label={t('activities.linkTab.links.open', { url })}
        data-testid={testId}
      >
        {url}
      </Anchor>
    </div>
  );
}

function RoomButton({
  room,
  loading,
  onGenerate,
  onRegenerate,
}: {
  room: VideoRoom;
  loading: boolean;
  onGenerate: () => void;
  onRegenerate: () => void;
}) {
  const { t } = useTranslation();
  const why = !room.configured
    ? t('activities.linkTab.video.notConfigured')
    : room.locked
      ? t('activities.linkTab.video.invalidDate')
      : null;
  const label =
    room.status === 'ready'
      ? t('activities.linkTab.video.regenerate')
      : room.status === 'failed'
        ? t('activities.linkTab.video.retry')
        : t('activities.linkTab.video.generate');
  return (
    <Stack gap={4} align="flex-start">
      <Button
        leftSection={<IconVideo size={16} aria-hidden />}
        variant={room.status === 'ready' ? 'default' : 'filled'}
        disabled={why !== null || room.status === 'pending'}
        loading={loading}
        aria-describedby={why ? 'video-room-locked' : undefined}
        onClick={room.status === 'ready' ? onRegenerate : onGenerate}
      >
        {label}
      </Button>
      {why && (
        <Text size="sm" c="dimmed" id="video-room-locked" data-testid="video-room-locked">
          {why}
        </Text>
      )}
    </Stack>
  );
}
