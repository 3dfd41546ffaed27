import { Badge, Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCircleX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignDetail as Campaign } from '../../../contracts/campaigns';
import { ConfirmModal } from '../../components/modal/app-modal';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { campaignQuery, useCancelCampaign } from './api';
import { CampaignStatusBadge } from './campaign-status-badge';
import { LOG_FIGURES, useSubjectOf } from './log-tab';
import { RecipientsTable } from './recipients-table';
import type { MailSearch } from './search';

/**
 * C5: one batch — when it was made and by whom, its figures, the progress of its send (read again every second while
 * planned or sending), the cancel of a planned or running send (confirmed), and each recipient with their message.
 */
export function CampaignDetail({
  projectId,
  campaignId,
  timeZone,
  backSearch,
}: {
  projectId: string;
  campaignId: string;
  timeZone: string | undefined;
  /** The log's address to go back to (its filters and page). */
  backSearch: MailSearch;
}) {
  const { t } = useTranslation();
  const campaign = useQuery(campaignQuery(projectId, campaignId));
  const c = campaign.data;
  return (
    <Stack gap="md" data-testid="campaign-detail">
      <AnchorTo to="/projects/$projectId/mail" params={{ projectId }} search={backSearch} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('campaigns.detail.back')}
        </Group>
      </AnchorTo>
      {c ? (
        <>
          <Summary campaign={c} timeZone={timeZone} projectId={projectId} />
          <RecipientsTable
            projectId={projectId}
            timeZone={timeZone}
            campaignId={campaignId}
            moving={c.status === 'planned' || c.status === 'sending'}
          />
        </>
      ) : (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}

function Summary({
  campaign: c,
  timeZone,
  projectId,
}: {
  campaign: Campaign;
  timeZone: string | undefined;
  projectId: string;
}) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormat();
  const subjectOf = useSubjectOf();
  const [asking, setAsking] = useState(false);
  const cancel = useCancelCampaign(projectId);
  const cancellable = c.status === 'planned' || c.status === 'sending';
  const { prepared, recipients } = c.figures;
  const events = [
    c.createdBy
      ? t('campaigns.detail.createdBy', { name: c.createdBy, date: dateTime(c.createdAt, timeZone) })
      : t('campaigns.detail.createdAt', { date: dateTime(c.createdAt, timeZone) }),
    c.plannedAt && t('campaigns.detail.plannedAt', { date: dateTime(c.plannedAt, timeZone), timeZone }),
    c.startedAt && t('campaigns.detail.startedAt', { date: dateTime(c.startedAt, timeZone) }),
    c.finishedAt && t('campaigns.detail.finishedAt', { date: dateTime(c.finishedAt, timeZone) }),
    c.cancelledAt && t('campaigns.detail.cancelledAt', { date: dateTime(c.cancelledAt, timeZone) }),
  ].filter(Boolean);

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3">
              {subjectOf(c.subject)}
            </Title>
            {events.map((line) => (
              <Text key={line as string} size="sm" c="dimmed">
                {line}
              </Text>
            ))}
          </div>
          <Group gap="xs">
            {c.transactional && <Badge variant="outline">{t('campaigns.detail.transactional')}</Badge>}
            <CampaignStatusBadge status={c.status} />
          </Group>
        </Group>
        {c.status === 'sending' && (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm">{t('campaigns.detail.progress')}</Text>
              <Text size="sm" data-testid="campaign-progress-value">
                {t('campaigns.detail.progressValue', { done: prepared, total: recipients })}
              </Text>
            </Group>
            <Progress
              value={recipients ? (100 * prepared) / recipients : 0}
              aria-label={t('campaigns.detail.progress')}
              data-testid="campaign-progress"
              animated
            />
          </Stack>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} aria-label={t('campaigns.log.figuresLabel')} role="list">
          {(['recipients', ...LOG_FIGURES] as const).map((figure) => (
            <Paper key={figure} withBorder p="xs" role="listitem" data-testid={`figure-${figure}`}>
              <Text size="xs" c="dimmed">
                {t(`campaigns.log.figures.${figure}`)}
              </Text>
              <Text fw={600}>{number(c.figures[figure])}</Text>
            </Paper>
          ))}
        </SimpleGrid>
        {cancellable && (
          <Group>
            <Button
              color="red"
              variant="light"
              leftSection={<IconCircleX size={16} />}
              onClick={() => setAsking(true)}
            >
              {t('campaigns.detail.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={asking}
        title={t('campaigns.detail.cancelTitle')}
        confirmLabel={t('campaigns.detail.cancelConfirm')}
        cancelLabel={t('campaigns.detail.keep')}
        danger
        loading={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(c.id, {
            onSuccess: () => notifications.show({ color: 'teal', message: t('campaigns.detail.cancelled') }),
            onSettled: () => setAsking(false),
          })
        }
      >
        {t(c.status === 'planned' ? 'campaigns.detail.cancelPlanned' : 'campaigns.detail.cancelSending')}
      </ConfirmModal>
    </Paper>
  );
}
