import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './activity-calendar.css';
import { DateTime } from 'luxon';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { Calendar, type DateLocalizer, luxonLocalizer, type Messages } from 'react-big-calendar';
import dragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { useTranslation } from 'react-i18next';
import type { CalendarActivity } from '../../../contracts/calendar';
import { intlLocale } from '../../lib/i18n';
import { floating, nowIn } from './floating-time';

/**
 * The calendar of the activities, drawn by react-big-calendar (day and week views, resources, drag and drop) in
 * the project's wall times: the luxon localizer is handed a DateTime that reads every Date in UTC, and the dates it
 * receives are floating (floating-time.ts), so the browser's zone and its daylight saving play no part.
 */
const UtcDateTime = {
  fromJSDate: (date: Date) => DateTime.fromJSDate(date, { zone: 'utc' }),
  local: () => DateTime.utc(),
  max: DateTime.max,
  min: DateTime.min,
};

function floatingLocalizer(): DateLocalizer {
  const localizer = luxonLocalizer(UtcDateTime, { firstDayOfWeek: 7 });
  // The library's own defaults read the browser's offsets: in UTC there are none.
  return Object.assign(localizer, {
    getTimezoneOffset: () => 0,
    getDstOffset: () => 0,
    segmentOffset: 0,
  });
}

export interface CalendarEvent {
  /** Null for a slot of B2B meetings (an event of its own, opened on its session's schedule, never dragged). */
  activity: CalendarActivity | null;
  meetings?: { sessionId: string; count: number };
  title: string;
  start: Date;
  end: Date;
  resourceId: string;
}

export interface CalendarResource {
  id: string;
  title: string;
}

export type CalendarView = 'day' | 'week';

// The addon is CommonJS only (lib/): as an ES module its default export comes wrapped once more.
const withDragAndDrop = ((dragAndDrop as unknown as { default?: typeof dragAndDrop }).default ??
  dragAndDrop) as typeof dragAndDrop;
const DnDCalendar = withDragAndDrop<CalendarEvent, CalendarResource>(Calendar);

/** Black or white, whichever reads better on the activity's background colour. */
function textOn(background: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(background.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** A day's heading, plain text: the library's own is a `columnheader` outside any row (an ARIA error). */
const PlainHeader = ({ label }: { label: string }) => <span>{label}</span>;

/**
 * What the library's markup lacks for assistive technologies: its scrolling grid of hours is a named region that
 * the keyboard reaches (it scrolls even when no activity is in it). The all-day row, whose ARIA roles are broken and
 * which this calendar does not use (activities over several days show in the hours), is hidden by the styles.
 */
function useAccessibleGrid(root: RefObject<HTMLDivElement | null>, label: string) {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const fix = () => {
      for (const grid of element.querySelectorAll<HTMLElement>('.rbc-time-content:not([tabindex])')) {
        grid.tabIndex = 0;
        grid.setAttribute('role', 'region');
        grid.setAttribute('aria-label', label);
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root, label]);
}

export function ActivityCalendar({
  events,
  resources,
  view,
  date,
  timeZone,
  onView,
  onNavigate,
  onMove,
  onOpen,
}: {
  events: CalendarEvent[];
  resources: CalendarResource[] | undefined;
  view: CalendarView;
  date: string;
  timeZone: string;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  onMove: (move: { event: CalendarEvent; start: Date; end: Date; resize: boolean }) => void;
  onOpen: (event: CalendarEvent) => void;
}) {
  const { t, i18n } = useTranslation();
  const localizer = useMemo(floatingLocalizer, []);
  const root = useRef<HTMLDivElement>(null);
  useAccessibleGrid(root, t('calendar.grid'));
  const messages: Messages<CalendarEvent> = useMemo(
    () => ({
      today: t('calendar.toolbar.today'),
      previous: t('calendar.toolbar.previous'),
      next: t('calendar.toolbar.next'),
      day: t('calendar.toolbar.day'),
      week: t('calendar.toolbar.week'),
      date: t('calendar.toolbar.date'),
      time: t('calendar.toolbar.time'),
      event: t('calendar.toolbar.event'),
      allDay: t('calendar.toolbar.allDay'),
      noEventsInRange: t('calendar.toolbar.empty'),
      showMore: (count: number) => t('calendar.toolbar.more', { count }),
    }),
    [t],
  );
  const moved = (resize: boolean) => (args: EventInteractionArgs<CalendarEvent>) =>
    onMove({ event: args.event, start: new Date(args.start), end: new Date(args.end), resize });

  return (
    <div ref={root}>
      <DnDCalendar
        localizer={localizer}
        culture={intlLocale(i18n.language)}
        messages={messages}
        events={events}
        resources={resources}
        resourceIdAccessor="id"
        resourceTitleAccessor="title"
        views={['day', 'week']}
        view={view}
        onView={(next) => onView(next === 'day' ? 'day' : 'week')}
        date={floating(date)}
        onNavigate={onNavigate}
        getNow={() => nowIn(timeZone)}
        scrollToTime={floating(`${date}T07:00`)}
        step={15}
        timeslots={4}
        showMultiDayTimes
        resizable
        draggableAccessor={(event) => event.activity !== null}
        resizableAccessor={(event) => event.activity !== null}
        selectable={false}
        // A drop in another column keeps the activity's section or location: only its time changes.
        onEventDrop={moved(false)}
        onEventResize={moved(true)}
        onSelectEvent={onOpen}
        // Keyboard: Tab reaches each activity (a button), Enter or Space opens it.
        onKeyPressEvent={(event, e) => {
          const key = (e as unknown as KeyboardEvent).key;
          if (key === 'Enter' || key === ' ') {
            e.preventDefault();
            onOpen(event);
          }
        }}
        tooltipAccessor={(event) => event.title}
        eventPropGetter={(event) =>
          event.meetings
            ? { className: 'calendar-meetings' }
            : event.activity?.backgroundColor
              ? {
                  style: {
                    backgroundColor: event.activity.backgroundColor,
                    color: textOn(event.activity.backgroundColor),
                  },
                }
              : {}
        }
        components={{ header: PlainHeader }}
        style={{ height: 720 }}
      />
    </div>
  );
}
