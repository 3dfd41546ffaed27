import { Badge, Grid, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarResponse } from '../../../contracts/calendar';
import { AnchorTo } from '../../components/router-links';
import { usePageTitle } from '../../lib/page-title';
import { useLocalizedName } from '../activities/localized-name';
import { projectQuery } from '../projects/api';
import {
  ActivityCalendar,
  type CalendarEvent,
  type CalendarResource,
  type CalendarView,
} from './activity-calendar';
import { calendarQuery } from './api';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { dayOf, floating, nowIn, rangeOf } from './floating-time';
import { initialDay } from './initial-day';
import { MoveConfirmModal, type PendingMove } from './move-confirm-modal';
import type { CalendarSearch } from './search';

type Grouping = NonNullable<CalendarSearch['group']>;
const NONE = '__none';
/** The column of the B2B meetings when the calendar is grouped. */
const MEETINGS = '__meetings';

/** The activities in a day or week calendar, in the project's zone; those without date beside it; the feed. */
export function ActivityCalendarPage() {
  const { t } = useTranslation();
  usePageTitle(t('calendar.title'));
  const { projectId } = useParams({ from: '/app/projects/$projectId' });
  const search = useSearch({ from: '/app/projects/$projectId/activities/calendar' });
  const project = useQuery(projectQuery(projectId));
  const timeZone = project.data?.timeZone;

  return (
    <Stack>
      <AnchorTo to="/projects/$projectId/activities" params={{ projectId }} size="sm">
        {t('calendar.back')}
      </AnchorTo>
      <Title order={1} size="h2">
        {t('calendar.title')}
      </Title>
      {project.data && timeZone ? (
        <CalendarScreen
          projectId={projectId}
          timeZone={timeZone}
          days={{ startsOn: project.data.startsOn, endsOn: project.data.endsOn }}
          search={search}
        />
      ) : (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}

function CalendarScreen({
  projectId,
  timeZone,
  days,
  search,
}: {
  projectId: string;
  timeZone: string;
  /** The project's first and last days: the calendar opens on them unless the project is under way. */
  days: { startsOn: string; endsOn: string };
  search: CalendarSearch;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const navigate = useNavigate();
  const view: CalendarView = search.view ?? 'week';
  const group: Grouping = search.group ?? 'section';
  const date = initialDay({ ...days, urlDate: search.date, today: dayOf(nowIn(timeZone)) });
  const calendar = useQuery(calendarQuery(projectId, rangeOf(view, date)));
  const [move, setMove] = useState<PendingMove | null>(null);
  const go = (change: Partial<CalendarSearch>) =>
    void navigate({
      to: '/projects/$projectId/activities/calendar',
      params: { projectId },
      search: (prev: CalendarSearch) => ({ ...prev, ...change }),
    } as never);
  const open = (event: CalendarEvent) =>
    event.meetings
      ? void navigate({
          to: '/projects/$projectId/b2b/$sessionId',
          params: { projectId, sessionId: event.meetings.sessionId },
          search: { tab: 'schedule', view: 'table' },
        })
      : event.activity &&
        void navigate({
          to: '/projects/$projectId/activities/$activityId',
          params: { projectId, activityId: event.activity.id },
        });

  const { events, resources } = useMemo(
    () =>
      toEvents(calendar.data, group, nameOf, {
        noSection: t('calendar.noSection'),
        noLocation: t('calendar.noLocation'),
        meetingsColumn: t('b2b.calendar.column'),
        meetingsTitle: (name, count) => t('b2b.calendar.slot', { name, count }),
      }),
    [calendar.data, group, nameOf, t],
  );

  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 9 }}>
        <Stack gap="xs">
          <Group justify="space-between">
            <SegmentedControl
              aria-label={t('calendar.groupBy')}
              value={group}
              onChange={(value) => go({ group: value as Grouping })}
              data={[
                { value: 'section', label: t('calendar.group.section') },
                { value: 'location', label: t('calendar.group.location') },
                { value: 'none', label: t('calendar.group.none') },
              ]}
            />
            <Text size="sm" c="dimmed" data-testid="calendar-zone">
              {t('calendar.zone', { zone: timeZone })}
            </Text>
          </Group>
          <div data-testid="activity-calendar" aria-busy={calendar.isFetching}>
            <ActivityCalendar
              events={events}
              resources={resources}
              view={view}
              date={date}
              timeZone={timeZone}
              onView={(next) => go({ view: next })}
              onNavigate={(next) => go({ date: dayOf(next) })}
              onMove={(next) => {
                if (!next.event.activity) return;
                if (
                  next.start.getTime() === next.event.start.getTime() &&
                  next.end.getTime() === next.event.end.getTime()
                )
                  return;
                setMove(next);
              }}
              onOpen={open}
            />
          </div>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 3 }}>
        <Stack>
          <UndatedList projectId={projectId} data={calendar.data} />
          <CalendarFeedPanel
            projectId={projectId}
            participantId={null}
            title={t('calendar.feed.projectTitle')}
          />
        </Stack>
      </Grid.Col>
      {move && (
        <MoveConfirmModal
          projectId={projectId}
          timeZone={timeZone}
          move={move}
          onClose={() => setMove(null)}
        />
      )}
    </Grid>
  );
}

/** The calendar's events and, when grouped, its columns (the sections or locations of the activities shown). */
function toEvents(
  data: CalendarResponse | undefined,
  group: Grouping,
  nameOf: (name: { fr: string; en: string }) => string,
  labels: {
    noSection: string;
    noLocation: string;
    meetingsColumn: string;
    meetingsTitle: (session: string, count: number) => string;
  },
): { events: CalendarEvent[]; resources: CalendarResource[] | undefined } {
  const items = data?.items ?? [];
  const resourceOf = (a: CalendarResponse['items'][number]): CalendarResource => {
    if (group === 'section')
      return a.section
        ? { id: a.section.id, title: nameOf(a.section.name) }
        : { id: NONE, title: labels.noSection };
    return a.location
      ? { id: `location:${a.location}`, title: a.location }
      : { id: NONE, title: labels.noLocation };
  };
  const events: CalendarEvent[] = items.map((a) => ({
    activity: a,
    title: nameOf(a.title),
    start: floating(a.startsAtLocal ?? ''),
    end: floating(a.endsAtLocal ?? ''),
    resourceId: group === 'none' ? NONE : resourceOf(a).id,
  }));
  // B2B meetings: one event per session and slot (a slot holds up to one meeting per table), in a column of their own.
  const slots = new Map<string, CalendarEvent>();
  for (const m of data?.meetings ?? []) {
    const key = `${m.sessionId}/${m.startsAtLocal}`;
    const slot = slots.get(key);
    if (slot?.meetings) slot.meetings.count += 1;
    else
      slots.set(key, {
        activity: null,
        meetings: { sessionId: m.sessionId ?? '', count: 1 },
        title: m.sessionName ?? '',
        start: floating(m.startsAtLocal),
        end: floating(m.endsAtLocal),
        resourceId: group === 'none' ? NONE : MEETINGS,
      });
  }
  for (const slot of slots.values()) {
    events.push({ ...slot, title: labels.meetingsTitle(slot.title, slot.meetings?.count ?? 0) });
  }
  if (group === 'none' || events.length === 0) return { events, resources: undefined };
  const byId = new Map<string, CalendarResource>();
  if (slots.size) byId.set(MEETINGS, { id: MEETINGS, title: labels.meetingsColumn });
  for (const a of items) {
    const resource = resourceOf(a);
    if (!byId.has(resource.id)) byId.set(resource.id, resource);
  }
  const resources = [...byId.values()].sort((a, b) =>
    a.id === NONE ? 1 : b.id === NONE ? -1 : a.title.localeCompare(b.title),
  );
  return { events, resources };
}

function UndatedList({ projectId, data }: { projectId: string; data: CalendarResponse | undefined }) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  return (
    <Paper withBorder p="md" data-testid="undated-activities">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('calendar.undated.title')}
        </Title>
        {data && <Badge variant="light">{data.undatedTotal}</Badge>}
      </Group>
      {!data ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : data.undated.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('calendar.undated.empty')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.undated.map((a) => (
            <li key={a.id}>
              <AnchorTo
                to="/projects/$projectId/activities/$activityId"
                params={{ projectId, activityId: a.id }}
                size="sm"
              >
                {nameOf(a.title)}
              </AnchorTo>
            </li>
          ))}
        </Stack>
      )}
      {data && data.undatedTotal > data.undated.length && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('calendar.undated.more', { count: data.undatedTotal - data.undated.length })}
        </Text>
      )}
    </Paper>
  );
}
