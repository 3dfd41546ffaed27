import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck, IconMailPause } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIL_STATUSES, type MailMessage, type MailStatus, mailSortable } from '../../../contracts/mail';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { ListFilter } from '../../components/data-table/list-filter';
import { bindListTable, listQueryOf, listSearchSchema } from '../../components/data-table/list-search';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { mailListQuery, mailSettingsQuery } from './api';
import { MailPreviewModal } from './mail-preview-modal';
import { MailStatusBadge } from './mail-status-badge';

const KINDS = ['inscription', 'sample', 'activityHost', 'campaign', 'campaignTest', 'notification'] as const;
const isStatus = (value: unknown): value is MailStatus => MAIL_STATUSES.includes(value as MailStatus);

/** The outbox of the signed-in company: every e-mail written for it, whether sent, waiting, failed or kept. */
export function OutboxPage() {
  const { t } = useTranslation();
  usePageTitle(t('mail.outbox.title'));
  const { dateTime } = useFormat();
  // The list's state lives in the URL (P5), read here: anything unreadable falls back to the default.
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const search = useMemo(() => {
    const parsed = listSearchSchema(mailSortable).parse(raw);
    return { ...parsed, status: isStatus(raw.status) ? raw.status : undefined };
  }, [raw]);
  const navigateTo = useNavigate();
  const navigate = (options: { search: (prev: object) => object }) =>
    navigateTo({ to: '/outbox', search: options.search as never });
  const [previewed, setPreviewed] = useState<MailMessage | null>(null);
  const list = useQuery(mailListQuery(listQueryOf(search)));
  const settings = useQuery(mailSettingsQuery);

  const kindLabel = (kind: string) =>
    (KINDS as readonly string[]).includes(kind)
      ? t(`mail.outbox.kinds.${kind as (typeof KINDS)[number]}`)
      : t('mail.outbox.kinds.other');

  const columns: Column<MailMessage>[] = [
    {
      key: 'createdAt',
      header: t('mail.outbox.columns.createdAt'),
      sortKey: 'createdAt',
      render: (m) => dateTime(m.createdAt),
    },
    {
      key: 'toEmail',
      header: t('mail.outbox.columns.recipient'),
      sortKey: 'toEmail',
      render: (m) => (
        <Stack gap={0}>
          {m.toName && (
            <Text size="sm" fw={500}>
              {m.toName}
            </Text>
          )}
          <Text size="sm" c={m.toName ? 'dimmed' : undefined}>
            {m.toEmail}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'subject',
      header: t('mail.outbox.columns.subject'),
      sortKey: 'subject',
      render: (m) => m.subject,
    },
    { key: 'kind', header: t('mail.outbox.columns.kind'), render: (m) => kindLabel(m.kind) },
    {
      key: 'status',
      header: t('mail.outbox.columns.status'),
      sortKey: 'status',
      render: (m) => <MailStatusBadge status={m.status} />,
    },
  ];

  return (
    <>
      <Title order={1} size="h2" mb="xs">
        {t('mail.outbox.title')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('mail.outbox.intro')}
      </Text>
      {settings.data &&
        (settings.data.smtpConfigured ? (
          <Alert
            color="teal"
            icon={<IconMailCheck size={18} />}
            mb="md"
            data-testid="smtp-banner"
            data-smtp="on"
          >
            {t('mail.outbox.smtpOn')}
          </Alert>
        ) : (
          <Alert
            color="yellow"
            icon={<IconMailPause size={18} />}
            title={t('mail.outbox.smtpOffTitle')}
            mb="md"
            data-testid="smtp-banner"
            data-smtp="off"
          >
            {t('mail.outbox.smtpOff')}
          </Alert>
        ))}
      <DataTable
        label={t('mail.outbox.title')}
        columns={columns}
        {...bindListTable(list, search, navigate)}
        getRowId={(m) => m.id}
        onRowClick={setPreviewed}
        emptyText={t('mail.outbox.empty')}
        filters={
          <ListFilter
            label={t('mail.outbox.statusFilter')}
            options={[
              { value: 'all', label: t('mail.outbox.allStatuses') },
              ...MAIL_STATUSES.map((s) => ({ value: s, label: t(`mail.outbox.status.${s}`) })),
            ]}
            value={search.status}
            onChange={(status) =>
              void navigate({
                search: (prev) => ({
                  ...prev,
                  status: status === 'all' ? undefined : status,
                  page: undefined,
                }),
              })
            }
            testId="status-filter"
          />
        }
      />
      {previewed && <MailPreviewModal message={previewed} onClose={() => setPreviewed(null)} />}
    </>
  );
}
