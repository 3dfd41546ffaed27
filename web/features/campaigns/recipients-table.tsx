import { Badge, Button, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { campaignRecipientSortable, listCampaignRecipients } from '../../../contracts/campaigns';
import type { ResponseOf } from '../../../contracts/http';
import { MAIL_STATUSES, type MailStatus } from '../../../contracts/mail';
import { type Column, DataTable } from '../../components/data-table/data-table';
import type { ListState } from '../../components/data-table/list-search';
import { listQueryOf } from '../../components/data-table/list-search';
import { useFormat } from '../../lib/format';
import { mailMessageQuery } from '../mail/api';
import { MailPreviewModal } from '../mail/mail-preview-modal';
import { MailStatusBadge } from '../mail/mail-status-badge';
import { campaignRecipientsQuery } from './api';

type Recipient = ResponseOf<typeof listCampaignRecipients>['items'][number];
const SKIPPED_REASONS = ['unsubscribed', 'noEmail', 'cancelled'] as const;
const isMailStatus = (status: string | null): status is MailStatus =>
  MAIL_STATUSES.includes(status as MailStatus);

/** C5: the recipients of a batch, each with the state of their message and its preview (as it was sent). */
export function RecipientsTable({
  projectId,
  campaignId,
  timeZone,
  moving,
}: {
  projectId: string;
  campaignId: string;
  /** The project's zone, in which times are shown. */
  timeZone: string | undefined;
  /** The batch is planned or being sent: its recipients are read again every second. */
  moving: boolean;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const [state, setState] = useState<ListState>({});
  const [previewed, setPreviewed] = useState<string | null>(null);
  const query = {
    ...listQueryOf(state),
    sort: state.sort as (typeof campaignRecipientSortable)[number] | undefined,
  };
  const list = useQuery(campaignRecipientsQuery(projectId, campaignId, query, moving));

  const reason = (skipped: string | null) =>
    !skipped
      ? ''
      : (SKIPPED_REASONS as readonly string[]).includes(skipped)
        ? t(`campaigns.detail.skipped.${skipped as (typeof SKIPPED_REASONS)[number]}`)
        : t('campaigns.detail.skipped.other');

  const columns: Column<Recipient>[] = [
    { key: 'toName', header: t('campaigns.detail.columns.name'), render: (r) => r.toName ?? '' },
    {
      key: 'toEmail',
      header: t('campaigns.detail.columns.email'),
      sortKey: 'toEmail',
      render: (r) => r.toEmail,
    },
    {
      key: 'status',
      header: t('campaigns.detail.columns.status'),
      sortKey: 'status',
      render: (r) =>
        isMailStatus(r.status) ? (
          <MailStatusBadge status={r.status} />
        ) : (
          <Badge
            variant="light"
            color="gray"
            data-testid="mail-status"
            data-status={r.skipped ? 'skipped' : 'waiting'}
          >
            {t(
              r.skipped
                ? 'campaigns.detail.recipientStatus.skipped'
                : 'campaigns.detail.recipientStatus.waiting',
            )}
          </Badge>
        ),
    },
    {
      key: 'skipped',
      header: t('campaigns.detail.columns.skipped'),
      render: (r) => (
        <Text size="sm" c={r.lastError ? 'red' : undefined}>
          {reason(r.skipped) || r.lastError || ''}
        </Text>
      ),
    },
    {
      key: 'sentAt',
      header: t('campaigns.detail.columns.sentAt'),
      sortKey: 'sentAt',
      noWrap: true,
      render: (r) => (r.sentAt ? dateTime(r.sentAt, timeZone) : ''),
    },
    {
      key: 'preview',
      header: t('campaigns.detail.columns.preview'),
      render: (r) =>
        r.messageId ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconEye size={14} />}
            onClick={() => setPreviewed(r.messageId)}
            aria-label={`${t('campaigns.detail.preview')} — ${r.toEmail}`}
          >
            {t('campaigns.detail.preview')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('campaigns.detail.noMessage')}
          </Text>
        ),
    },
  ];

  return (
    <>
      <DataTable
        label={t('campaigns.detail.recipients')}
        columns={columns}
        data={list.data}
        isLoading={list.isFetching && !list.data}
        error={list.error}
        onRetry={() => void list.refetch()}
        state={state}
        onStateChange={setState}
        getRowId={(r) => r.participantId}
        emptyText={t('campaigns.detail.empty')}
      />
      {previewed && <RecipientPreview messageId={previewed} onClose={() => setPreviewed(null)} />}
    </>
  );
}

/** The outbox's preview of a message, once the message is read (the exact HTML it was sent with). */
function RecipientPreview({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const message = useQuery(mailMessageQuery(messageId));
  return message.data ? <MailPreviewModal message={message.data} onClose={onClose} /> : null;
}
