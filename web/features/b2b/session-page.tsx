import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AppTabs } from '../../components/app-tabs';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { sessionQuery } from './api';
import { ExplanationsTab } from './explanations-tab';
import { PreflightTab } from './preflight-tab';
import { RequestsTab } from './requests-tab';
import { ScheduleTab } from './schedule-tab';
import type { B2bSessionSearch, B2bTab } from './search';

/** A B2B session: its requests, the pre-flight, the generation and the schedule, the explanations (tab in the URL). */
export function B2bSessionPage() {
  const { t } = useTranslation();
  const { projectId, sessionId } = useParams({ from: '/app/projects/$projectId/b2b/$sessionId' });
  const search = useSearch({ from: '/app/projects/$projectId/b2b/$sessionId' });
  const navigate = useNavigate();
  const { dateTime, number } = useFormat();
  const session = useQuery(sessionQuery(projectId, sessionId));
  usePageTitle(session.data?.name ?? t('b2b.title'));
  const go = (next: Partial<B2bSessionSearch>) =>
    void navigate({
      to: '/projects/$projectId/b2b/$sessionId',
      params: { projectId, sessionId },
      search: (prev: object) => ({ ...prev, ...next }),
    } as never);

  if (!session.data) return <Loader role="progressbar" aria-label={t('common.loading')} />;
  const s = session.data;
  const tab: B2bTab = search.tab ?? 'requests';
  return (
    <Stack>
      <AnchorTo to="/projects/$projectId/b2b" params={{ projectId }} size="sm">
        {t('b2b.back')}
      </AnchorTo>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {s.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('b2b.sessions.summary', {
              start: dateTime(s.startsAt, s.timeZone),
              slots: number(s.slotCount),
              minutes: s.slotMinutes,
              tables: number(s.tables),
              cap: number(s.defaultCap),
            })}
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="light">{t(`b2b.modes.${s.mode}`)}</Badge>
          {s.metSession && (
            <Badge variant="outline">{t('b2b.sessions.metAfter', { name: s.metSession.name })}</Badge>
          )}
        </Group>
      </Group>
      <AppTabs<B2bTab>
        label={t('b2b.tabs.label')}
        value={tab}
        onChange={(value) => go({ tab: value })}
        tabs={[
          {
            value: 'requests',
            label: t('b2b.tabs.requests', { count: s.requestCount }),
            content: <RequestsTab projectId={projectId} sessionId={sessionId} search={search} go={go} />,
          },
          {
            value: 'preflight',
            label: t('b2b.tabs.preflight'),
            content: <PreflightTab projectId={projectId} sessionId={sessionId} />,
          },
          {
            value: 'schedule',
            label: t('b2b.tabs.schedule', { count: s.meetingCount }),
            content: <ScheduleTab projectId={projectId} sessionId={sessionId} search={search} go={go} />,
          },
          {
            value: 'explanations',
            label: t('b2b.tabs.explanations'),
            content: <ExplanationsTab projectId={projectId} sessionId={sessionId} />,
          },
        ]}
      />
    </Stack>
  );
}
