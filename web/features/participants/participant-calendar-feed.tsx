import { useTranslation } from 'react-i18next';
import { CalendarFeedPanel } from '../calendar/calendar-feed-panel';

/** The participant's own iCalendar feed (the activities they are inscribed in or host), in their panel. */
export function ParticipantCalendarFeed({
  projectId,
  participantId,
}: {
  projectId: string;
  participantId: string;
}) {
  const { t } = useTranslation();
  return (
    <CalendarFeedPanel
      projectId={projectId}
      participantId={participantId}
      title={t('calendar.feed.participantTitle')}
    />
  );
}
