import { DateTime, IANAZone } from 'luxon';

/**
 * Times of the programme are entered and shown in the project's time zone, whatever the browser's, and stored as
 * instants. A local time is `YYYY-MM-DDTHH:mm` (minutes, no offset). Luxon does the zone arithmetic (the IANA data of
 * the runtime's Intl); see docs/activities/activities.md "Time" for why not dayjs.
 */
const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** Which of the two instants an ambiguous local time (the hour repeated when clocks fall back) means. */
export type OffsetChoice = 'earlier' | 'later';

export type LocalTime =
  /** One instant: the usual case, or an ambiguous time resolved by an explicit choice. */
  | { kind: 'instant'; instant: Date }
  /** Skipped when clocks move forward (02:30 on 2026-03-08 in America/Toronto). */
  | { kind: 'nonexistent' }
  /** Lived twice when clocks move back (01:30 on 2026-11-01 in America/Toronto), and no choice was made. */
  | { kind: 'ambiguous'; earlier: Date; later: Date; earlierOffset: string; laterOffset: string };

/**
 * The instant a local time of `zone` names. A time that does not exist is never moved to the next valid one, and a
 * time that exists twice is never resolved without `choice` (dayjs and Luxon alone would do both silently).
 */
export function resolveLocalTime(local: string, zone: string, choice?: OffsetChoice): LocalTime {
  const time = DateTime.fromISO(local, { zone });
  if (!time.isValid) throw new Error(`Not a local time of a known zone: ${local} ${zone}`);
  // Luxon moves a skipped time forward by the gap: reading it back shows another wall time.
  if (time.toFormat(LOCAL_FORMAT) !== local) return { kind: 'nonexistent' };
  const candidates = time.getPossibleOffsets().sort((a, b) => a.toMillis() - b.toMillis());
  if (candidates.length < 2) return { kind: 'instant', instant: time.toJSDate() };
  const [earlier, later] = [candidates[0], candidates[candidates.length - 1]];
  if (choice) return { kind: 'instant', instant: (choice === 'earlier' ? earlier : later).toJSDate() };
  return {
    kind: 'ambiguous',
    earlier: earlier.toJSDate(),
    later: later.toJSDate(),
    earlierOffset: earlier.toFormat('ZZ'),
    laterOffset: later.toFormat('ZZ'),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const HOUR = 3_600_000;

/**
 * An IANA zone whose offset is read from Intl once per hour of time, not at every instant: reading it
 * (`formatToParts`) was the largest cost of presenting a list's rows (bench/README.md, "Where a request's time
 * goes"). An hour whose offset is the same at its first and last millisecond holds no change of offset (no zone
 * changes its offset twice within an hour); an hour that holds one is read at every instant, as before.
 */
class HourlyZone extends IANAZone {
  private readonly hours = new Map<number, number | null>();

  override offset(ts: number): number {
    const hour = Math.floor(ts / HOUR);
    let steady = this.hours.get(hour);
    if (steady === undefined) {
      const first = super.offset(hour * HOUR);
      steady = first === super.offset((hour + 1) * HOUR - 1) ? first : null;
      if (this.hours.size >= 100_000) this.hours.clear();
      this.hours.set(hour, steady);
    }
    return steady ?? super.offset(ts);
  }
}

const hourlyZones = new Map<string, HourlyZone>();

/** The zone to read instants in (one per name, its hours kept for the life of the process). */
function readingZone(name: string): HourlyZone {
  let zone = hourlyZones.get(name);
  if (!zone) {
    zone = new HourlyZone(name);
    hourlyZones.set(name, zone);
  }
  return zone;
}

function wallTime(time: DateTime): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}T${pad(time.hour)}:${pad(time.minute)}`;
}

/** The wall time of an instant in `zone`, as the API reads and writes it (`YYYY-MM-DDTHH:mm`). */
export function toLocalTime(instant: Date, zone: string): string {
  return wallTime(DateTime.fromJSDate(instant, { zone: readingZone(zone) }));
}

/** An offset in minutes as `-04:00`, `+05:30`. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The UTC offset of an instant in `zone` (`-04:00`). */
export function offsetAt(instant: Date, zone: string): string {
  return offsetText(DateTime.fromJSDate(instant, { zone: readingZone(zone) }).offset);
}

/**
 * Which of the two instants of a repeated local time this instant is (`earlier` or `later`), or null when its wall
 * time is lived once: what an edit form sends back with the same local time so that the instant is kept.
 */
export function offsetChoiceOf(instant: Date, zone: string): OffsetChoice | null {
  return describeInstant(instant, zone).choice;
}

/**
 * An instant as a list row shows it, in one reading of the zone: its wall time, its UTC offset and, near a change
 * of offset only, which of two instants it is (the lists read thousands of them: no wall time is parsed back unless
 * the offset 3 hours before or after differs).
 */
export function describeInstant(instant: Date, zone: string) {
  const time = DateTime.fromJSDate(instant, { zone: readingZone(zone) });
  const ts = instant.getTime();
  const local = wallTime(time);
  const steady =
    time.zone.offset(ts - 3 * HOUR) === time.offset && time.zone.offset(ts + 3 * HOUR) === time.offset;
  let choice: OffsetChoice | null = null;
  if (!steady) {
    const resolved = resolveLocalTime(local, zone);
    if (resolved.kind === 'ambiguous') {
      const [earlier, later] = [resolved.earlier.getTime(), resolved.later.getTime()];
      choice = Math.abs(ts - earlier) <= Math.abs(ts - later) ? 'earlier' : 'later';
    }
  }
  return { local, offset: offsetText(time.offset), choice };
}
