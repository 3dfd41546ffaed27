import { z } from 'zod';

/**
 * The calendar page's state in the URL: the view (day or week), the day shown (a day of the project's zone) and how
 * the activities are grouped (by section or by location). Anything unreadable falls back to the default. The router
 * validates the URL with it (kept apart from the page so that the calendar library stays lazily loaded).
 */
export const calendarSearch = z.object({
  view: z.enum(['day', 'week']).optional().catch(undefined),
  date: z.iso.date().optional().catch(undefined),
  group: z.enum(['section', 'location', 'none']).optional().catch(undefined),
});
export type CalendarSearch = z.infer<typeof calendarSearch>;
