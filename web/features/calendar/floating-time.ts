/**
 * The calendar draws wall times of the project's zone, whatever the browser's: each local time of the API
 * (`YYYY-MM-DDTHH:mm`) becomes a "floating" Date whose UTC fields are that wall time, and the calendar library
 * computes in UTC (see activity-calendar.tsx). UTC has no daylight saving, so every wall time has its slot; whether
 * it exists in the project's zone is the server's rule when an activity is dropped there.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A local time (`YYYY-MM-DDTHH:mm`) or a day (`YYYY-MM-DD`) as a floating Date. */
export function floating(local: string): Date {
  const [year, month, day, hour = 0, minute = 0] = local.split(/[-T:]/).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, 0, 0);
  return date;
}

/** The wall time a floating Date stands for (`YYYY-MM-DDTHH:mm`). */
export function wallTimeOf(date: Date): string {
  return `${dayOf(date)}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** The day a floating Date falls on (`YYYY-MM-DD`). */
export function dayOf(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A day plus (or minus) a number of days. */
export function addDays(day: string, days: number): string {
  const date = floating(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOf(date);
}

/** The present wall time of a zone, as a floating Date (the calendar's "now" line and "today"). */
export function nowIn(timeZone: string, instant = new Date()): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return floating(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`);
}

/**
 * The days to ask the server for: the day itself, or for a week every day of any week that holds it (6 days on
 * each side), so that the range never depends on which day the calendar starts its weeks.
 */
export function rangeOf(view: 'day' | 'week', day: string) {
  return view === 'day' ? { from: day, to: day } : { from: addDays(day, -6), to: addDays(day, 6) };
}

/** Minutes between two floating Dates. */
export const minutesBetween = (start: Date, end: Date) =>
  Math.round((end.getTime() - start.getTime()) / 60_000);
