/**
 * The form's preview line: how many meetings and from when to when. Times are wall times of the project's zone
 * (`YYYY-MM-DDTHH:mm`), added to as wall times (a daylight-saving change in the middle shifts the preview's end by
 * the hour; the server computes the real instants).
 */
export function addMinutes(local: string, minutes: number): string {
  const [date, time] = local.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d, h, min) + minutes * 60_000);
  return next.toISOString().slice(0, 16);
}

export interface Preview {
  rounds: number;
  /** The tables of every round when they are the same, else null. */
  tables: number | null;
  count: number;
  start: string;
  end: string;
}

export function meetingsPreview(
  tablesPerRound: number[],
  start: string,
  durationMinutes: number,
  intervalMinutes: number,
): Preview | null {
  const rounds = tablesPerRound.length;
  if (!rounds || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(start) || !(durationMinutes > 0)) return null;
  const interval = Number.isFinite(intervalMinutes) ? Math.max(intervalMinutes, 0) : 0;
  const even = tablesPerRound.every((n) => n === tablesPerRound[0]);
  return {
    rounds,
    tables: even ? tablesPerRound[0] : null,
    count: tablesPerRound.reduce((a, b) => a + b, 0),
    start,
    end: addMinutes(start, rounds * durationMinutes + (rounds - 1) * interval),
  };
}

/** A wall time's hour as the reader writes it (fr-CA « 9 h 00 », en-CA “9:00 a.m.”). */
export function formatWallTime(local: string, locale: string): string {
  const [y, m, d, h, min] = local.split(/[-T:]/).map(Number);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d, h, min)),
  );
}
