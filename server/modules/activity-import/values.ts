import {
  ACTIVITY_TYPES,
  type ActivityType,
  HYBRID_TYPES,
  type HybridType,
} from '../../../contracts/activity-list';
import { translator } from '../../i18n';
import { normaliseHeader } from '../spreadsheet-import/headers';

/**
 * How the cells of an activity file are read: words in French or English for a type, a hybrid type or a yes/no, a
 * start with an optional UTC offset, a duration in minutes or hours. Each answers undefined for an empty cell and
 * null for a cell it does not understand.
 */

/** A word of a set, by its key or its label in either language, compared without accents or case. */
function wordsOf<T extends string>(
  keys: readonly T[],
  labelKey: (key: T) => string,
  extra: Record<string, T>,
) {
  const fr = translator('fr');
  const en = translator('en');
  const map = new Map<string, T>();
  for (const key of keys) {
    for (const word of [key, fr(labelKey(key)), en(labelKey(key))]) map.set(normaliseHeader(word), key);
  }
  for (const [word, key] of Object.entries(extra)) map.set(normaliseHeader(word), key);
  return (text: string): T | null | undefined => {
    const word = normaliseHeader(text);
    return word ? (map.get(word) ?? null) : undefined;
  };
}

export const readType = wordsOf<ActivityType>(ACTIVITY_TYPES, (k) => `activities.types.${k}`, {
  conférence: 'session',
  conference: 'session',
  atelier: 'session',
  workshop: 'session',
  rencontre: 'meeting',
  'business meeting': 'meeting',
});

export const readHybridType = wordsOf<HybridType>(HYBRID_TYPES, (k) => `activities.hybridTypes.${k}`, {
  présentiel: 'inPerson',
  'en personne': 'inPerson',
  'in person': 'inPerson',
  'in-person': 'inPerson',
  'sur place': 'inPerson',
  'en ligne': 'virtual',
  online: 'virtual',
});

const YES = new Set(['oui', 'o', 'yes', 'y', 'vrai', 'true', '1', 'x']);
const NO = new Set(['non', 'n', 'no', 'faux', 'false', '0']);
export function readYesNo(text: string): boolean | null | undefined {
  const word = normaliseHeader(text);
  if (!word) return undefined;
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return null;
}

/**
 * A start: `YYYY-MM-DD HH:mm` (or `T`, `9h30`, seconds ignored), then optionally an offset (`-04:00`, `-0400`,
 * `UTC-4`, `Z`) that says which instant a time lived twice means. Local: `YYYY-MM-DDTHH:mm`; offset: `±HH:MM`.
 */
export function readStart(text: string): { local: string; offset?: string } | null | undefined {
  const cell = text.trim();
  if (!cell) return undefined;
  // A workbook's date cell: Excel's serial number (days since 1899-12-30, the time as the fraction), a wall time.
  if (/^\d{4,7}(\.\d+)?$/.test(cell)) {
    const ms = Math.round(((Number(cell) - 25569) * 86_400_000) / 60_000) * 60_000;
    const date = new Date(ms);
    const year = date.getUTCFullYear();
    return year >= 1900 && year <= 2999 ? { local: date.toISOString().slice(0, 16) } : null;
  }
  const m =
    /^(\d{4}-\d{2}-\d{2})[ T]+(\d{1,2})\s*[:h]\s*(\d{2})(?::\d{2}(?:\.\d+)?)?\s*(?:(Z)|(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?)?$/i.exec(
      cell,
    );
  if (!m) return null;
  const [, date, hour, minute, zulu, sign, offHours, offMinutes] = m;
  const local = `${date}T${hour.padStart(2, '0')}:${minute}`;
  if (zulu) return { local, offset: '+00:00' };
  if (!sign) return { local };
  return { local, offset: `${sign}${offHours.padStart(2, '0')}:${offMinutes ?? '00'}` };
}

/**
 * A duration: whole minutes (`90`, `90 min`) or hours and minutes (`1:30`, `1h30`, `2 h`); a workbook's time cell
 * (`1:30` formatted as a time) is a fraction of a day.
 */
export function readDuration(text: string): number | null | undefined {
  const cell = text.trim().toLowerCase();
  if (!cell) return undefined;
  if (/^0?\.\d+$/.test(cell)) return Math.round(Number(cell) * 1440);
  let m = /^(\d+)\s*(?:min|minutes?)?$/.exec(cell);
  if (m) return Number(m[1]);
  m = /^(\d+)\s*(?::|h)\s*(\d{1,2})?\s*(?:min)?$/.exec(cell);
  if (m && Number(m[2] ?? 0) < 60) return Number(m[1]) * 60 + Number(m[2] ?? 0);
  return null;
}

const NO_LIMIT = new Set([
  '0',
  'illimite',
  'aucune limite',
  'sans limite',
  'unlimited',
  'no limit',
  'none',
  'aucune',
]);
/** A maximum of members: a whole number, or "no limit" in words (null). */
export function readMaxMembers(text: string): number | null | 'invalid' | undefined {
  const cell = text.trim();
  if (!cell) return undefined;
  if (NO_LIMIT.has(normaliseHeader(cell))) return null;
  return /^\d+$/.test(cell) ? Number(cell) : 'invalid';
}
