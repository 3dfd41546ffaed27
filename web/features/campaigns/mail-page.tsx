import { Stack, Text, Title } from '@mantine/core';
import { IconBell, IconList, IconMailOff, IconPencil, IconReceipt, IconTemplate } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppTab, AppTabs } from '../../components/app-tabs';
import { usePageTitle } from '../../lib/page-title';
import { MailTemplatesTab } from '../mail-templates/templates-tab';
import { NotificationsTab } from '../notifications/notifications-tab';
import { ComposeTab } from './compose-tab';
import { LogTab } from './log-tab';
import { type MailSearch, type MailTab, mailSearch } from './search';
import { UnsubscribedTab } from './unsubscribed-tab';

/**
 * A project's e-mails (issue 19): compose and send a campaign (C1, C2), to buyers too (C1's buyers page), the log of batches (C5), the message
 * templates (C3), the automatic notifications (J5) and the people who unsubscribed (CASL). The tab and the batch
 * opened are in the URL.
 */
export function MailPage() {
  const { t } = useTranslation();
  const { projectId } = useParams({ strict: false }) as { projectId: string };
  // Read as the route validates it (web/app/routes/campaigns.ts), so that the page renders under any route tree.
  const raw = useSearch({ strict: false });
  const search = useMemo(() => mailSearch.parse(raw), [raw]);
  const navigate = useNavigate();
  usePageTitle(t('campaigns.title'));
  const go = (next: Partial<MailSearch>) =>
    void navigate({
      to: '/projects/$projectId/mail',
      params: { projectId },
      search: (prev: object) => ({ ...prev, ...next }),
    } as never);
  const tab: MailTab = search.tab ?? 'compose';

  const tabs: AppTab<MailTab>[] = [
    {
      value: 'compose',
      label: t('campaigns.tabs.compose'),
      icon: <IconPencil size={16} />,
      content: (
        <ComposeTab
          projectId={projectId}
          onSent={(campaignId) => go({ tab: 'log', campaign: campaignId, page: undefined })}
        />
      ),
    },
    {
      value: 'buyers',
      label: t('campaigns.tabs.buyers'),
      icon: <IconReceipt size={16} />,
      content: (
        <ComposeTab
          buyers
          projectId={projectId}
          onSent={(campaignId) => go({ tab: 'log', campaign: campaignId, page: undefined })}
        />
      ),
    },
    {
      value: 'log',
      label: t('campaigns.tabs.log'),
      icon: <IconList size={16} />,
      content: <LogTab projectId={projectId} campaignId={search.campaign} />,
    },
    {
      value: 'templates',
      label: t('campaigns.tabs.templates'),
      icon: <IconTemplate size={16} />,
      content: <MailTemplatesTab projectId={projectId} />,
    },
    {
      value: 'notifications',
      label: t('campaigns.tabs.notifications'),
      icon: <IconBell size={16} />,
      content: <NotificationsTab projectId={projectId} />,
    },
    {
      value: 'unsubscribed',
      label: t('campaigns.tabs.unsubscribed'),
      icon: <IconMailOff size={16} />,
      content: <UnsubscribedTab projectId={projectId} />,
    },
  ];
  // A tab not mounted yet (an address from later) shows the first one.
  const shown = tabs.some((entry) => entry.value === tab) ? tab : 'compose';

  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {t('campaigns.title')}
      </Title>
      <Text c="dimmed" mb="sm">
        {t('campaigns.intro')}
      </Text>
      <AppTabs<MailTab>
        label={t('campaigns.tabs.label')}
        value={shown}
        onChange={(value) => go({ tab: value, campaign: undefined })}
        tabs={tabs}
      />
    </Stack>
  );
}
