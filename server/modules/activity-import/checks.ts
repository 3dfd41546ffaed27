import { and, eq, inArray } from 'drizzle-orm';
import { type ActivityValues, activityInput } from '../../../contracts/activities';
import { encodeMessage } from '../../../contracts/http';
import type { ImportAction } from '../../../contracts/spreadsheet-import';
import { stripTags } from '../../../contracts/texts';
import type { Executor } from '../../db/client';
import { activities } from '../../db/schema';
import { offsetAt, resolveLocalTime } from '../activities/local-time';
import { listCategories } from '../activities/repository';
import { findProject } from '../projects/repository';
import { artefactReasons } from '../spreadsheet-import/artefacts';
import { cached, hash } from '../spreadsheet-import/cell-cache';
import { nameLookup } from '../spreadsheet-import/headers';
import type { CheckedRows } from '../spreadsheet-import/kind';
import { lineOf } from '../spreadsheet-import/read';
import type { ImportState, StoredReason, StoredRow } from '../spreadsheet-import/state';
import { readDuration, readHybridType, readMaxMembers, readStart, readType, readYesNo } from './values';

/**
 * V1 import: the checks of a batch of activity rows, against the activity rules (contracts/activities.ts
 * `activityInput`, the same as the form's), the project's time zone (daylight saving as the activity service reads
 * it), its categories and sections, and the activities already in the project (natural key: French title + start).
 */

/** Bumped whenever the checks or what a dry run keeps of them change (a dry run made before is checked again). */
const CHECKS_VERSION = 1;

/** What an activity row writes (the columns the import feeds), JSON-safe: the start as an ISO instant. */
export interface ActivityRowFields {
  titleFr: string;
  titleEn: string;
  type: string;
  categoryId: string | null;
  sectionId: string | null;
  noDate: boolean;
  startsAt: string | null;
  durationMinutes: number;
  maxMembers: number | null;
  hybridType: string;
  location: string | null;
}

export interface ValidActivityRow {
  line: number;
  action: ImportAction;
  /** The activity the row updates (none: a new one). */
  activityId: string | null;
  fields: ActivityRowFields;
}

const FIELD_KEYS = [
  'titleEn',
  'type',
  'categoryId',
  'sectionId',
  'noDate',
  'durationMinutes',
  'maxMembers',
  'hybridType',
  'location',
] as const;

/** The natural key of an activity: its French title as saved (tags stripped, trimmed) and its start instant (or none). */
export const naturalKey = (titleFr: string, startsAt: string | null) => `${titleFr}\u0000${startsAt ?? ''}`;
const titleOfKey = (key: string) => key.slice(0, key.indexOf('\u0000'));

type ExistingActivity = ActivityRowFields & { id: string };

/** The activities of the project that carry these natural keys, by key (a key may name several). */
export async function loadExisting(db: Executor, state: ImportState, keys: string[]) {
  const found = new Map<string, ExistingActivity[]>();
  const titles = [...new Set(keys.map(titleOfKey))];
  if (!titles.length) return found;
  const rows = await db
    .select({
      id: activities.id,
      titleFr: activities.titleFr,
      titleEn: activities.titleEn,
      type: activities.type,
      categoryId: activities.categoryId,
      sectionId: activities.sectionId,
      noDate: activities.noDate,
      startsAt: activities.startsAt,
      durationMinutes: activities.durationMinutes,
      maxMembers: activities.maxMembers,
      hybridType: activities.hybridType,
      location: activities.location,
    })
    .from(activities)
    .where(
      and(
        eq(activities.companyId, state.companyId),
        eq(activities.projectId, state.projectId),
        inArray(activities.titleFr, titles),
      ),
    )
    .orderBy(activities.id);
  for (const row of rows) {
    const existing = { ...row, startsAt: row.startsAt?.toISOString() ?? null };
    const key = naturalKey(row.titleFr, existing.startsAt);
    found.set(key, [...(found.get(key) ?? []), existing]);
  }
  return found;
}

/** What the database holds under a natural key, as the checks read it ('' for nothing). */
export const stampOf = (found: ExistingActivity[] | undefined) => (found?.length ? hash(found) : '');

export async function checkContext(db: Executor, state: ImportState) {
  const project = await findProject(db, state.companyId, state.projectId);
  const named = (rows: { id: string; nameFr: string; nameEn: string }[]) =>
    rows.map(({ id, nameFr, nameEn }) => ({ id, nameFr, nameEn }));
  // One after the other: in the save, `db` is a transaction, one connection.
  const categories = named(await listCategories(db, state.companyId, state.projectId, 'category'));
  const sections = named(await listCategories(db, state.companyId, state.projectId, 'section'));
  const timeZone = project?.timeZone ?? 'America/Toronto';
  const column = new Map<string, number>();
  state.mapping.forEach((target, i) => {
    if (target) column.set(target, i);
  });
  return {
    fingerprint: hash([CHECKS_VERSION, categories, sections, timeZone, state.mapping]),
    timeZone,
    categoryOf: cached(nameLookup(categories)),
    sectionOf: cached(nameLookup(sections)),
    column,
    /** The line where each natural key of the file was first seen (duplicates). */
    seen: new Map<string, number>(),
  };
}

export type ActivityCheckContext = Awaited<ReturnType<typeof checkContext>>;

/** A value safe inside an encoded message. */
const safe = (text: string) => text.replace(/[|=]/g, ' ').slice(0, 100);

/**
 * The instant of a start cell in the project's zone, or the reason it has none: a time daylight saving skips is
 * refused; one it repeats is refused naming both instants, unless the cell gives an offset matching one of them.
 */
function startOf(text: string, timeZone: string): { instant?: Date; reason?: string } {
  const start = readStart(text);
  if (start === undefined) return {};
  if (start === null) return { reason: 'activityImport.reasons.startFormat' };
  const [date, time] = start.local.split('T');
  let result: ReturnType<typeof resolveLocalTime>;
  try {
    result = resolveLocalTime(start.local, timeZone);
  } catch {
    return { reason: 'activityImport.reasons.startFormat' };
  }
  if (result.kind === 'nonexistent')
    return { reason: encodeMessage('validation.activities.nonexistentTime', { date, time, timeZone }) };
  if (result.kind === 'ambiguous') {
    const earlier = `${time} UTC${result.earlierOffset} (${result.earlier.toISOString()})`;
    const later = `${time} UTC${result.laterOffset} (${result.later.toISOString()})`;
    if (start.offset === result.earlierOffset) return { instant: result.earlier };
    if (start.offset === result.laterOffset) return { instant: result.later };
    if (!start.offset)
      return {
        reason: encodeMessage('validation.activities.ambiguousTime', {
          date,
          time,
          timeZone,
          earlier,
          later,
        }),
      };
    return {
      reason: encodeMessage('activityImport.reasons.offsetMismatch', {
        offset: start.offset,
        timeZone,
        expected: `${result.earlierOffset} / ${result.laterOffset}`,
      }),
    };
  }
  const expected = offsetAt(result.instant, timeZone);
  if (start.offset && start.offset !== expected)
    return {
      reason: encodeMessage('activityImport.reasons.offsetMismatch', {
        offset: start.offset,
        timeZone,
        expected,
      }),
    };
  return { instant: result.instant };
}

/** Where a rule of `activityInput` is shown: the import's column of it. */
const FIELD_OF_PATH: Record<string, string> = {
  'title.fr': 'titleFr',
  'title.en': 'titleEn',
  categoryId: 'category',
  sectionId: 'section',
};

export async function checkBatch(
  db: Executor,
  state: ImportState,
  ctx: ActivityCheckContext,
  batch: string[][],
): Promise<CheckedRows<ValidActivityRow>> {
  const { column, timeZone, seen } = ctx;
  const cell = (row: string[], target: string) => {
    const i = column.get(target);
    return i === undefined ? '' : (row[i] ?? '').trim();
  };
  const starts = batch.map((row) => startOf(cell(row, 'startsAt'), timeZone));
  const keys = batch.map((row, n) =>
    naturalKey(stripTags(cell(row, 'titleFr')), starts[n].instant?.toISOString() ?? null),
  );
  const existing = await loadExisting(db, state, [...new Set(keys)]);
  const stored: StoredRow[] = [];
  const valid: ValidActivityRow[] = [];
  const stamps: [string, string][] = [];
  for (const [n, row] of batch.entries()) {
    const line = lineOf(row, 0);
    const reasons: StoredReason[] = artefactReasons(row, column);
    const noted = new Set(reasons.map((r) => r.field));
    const refuse = (field: string, message: string) => {
      if (noted.has(field)) return;
      noted.add(field);
      reasons.push({ field, message });
    };
    const key = keys[n];
    const matches = existing.get(key) ?? [];
    const before = matches.length === 1 ? matches[0] : undefined;
    if (matches.length > 1)
      refuse('titleFr', encodeMessage('activityImport.reasons.severalMatches', { count: matches.length }));

    // An empty cell keeps what the activity has, or, for a new one, the form's default.
    const typeText = cell(row, 'type');
    const type = readType(typeText);
    if (type === null)
      refuse('type', encodeMessage('activityImport.reasons.unknownType', { name: safe(typeText) }));
    const hybridText = cell(row, 'hybridType');
    const hybrid = readHybridType(hybridText);
    if (hybrid === null)
      refuse(
        'hybridType',
        encodeMessage('activityImport.reasons.unknownHybridType', { name: safe(hybridText) }),
      );
    const noDateText = cell(row, 'noDate');
    const noDate = readYesNo(noDateText);
    if (noDate === null) refuse('noDate', 'activityImport.reasons.yesNo');
    const duration = readDuration(cell(row, 'durationMinutes'));
    if (duration === null) refuse('durationMinutes', 'validation.activities.duration');
    const max = readMaxMembers(cell(row, 'maxMembers'));
    if (max === 'invalid') refuse('maxMembers', 'validation.activities.maxMembers');
    const reference = (target: 'category' | 'section', lookup: (name: string) => string | undefined) => {
      const name = cell(row, target);
      if (!name) return before ? before[target === 'category' ? 'categoryId' : 'sectionId'] : null;
      const id = lookup(name);
      if (!id)
        refuse(
          target,
          encodeMessage(
            target === 'category'
              ? 'activityImport.reasons.unknownCategory'
              : 'activityImport.reasons.unknownSection',
            { name: safe(name) },
          ),
        );
      return id ?? null;
    };
    const categoryId = reference('category', ctx.categoryOf);
    const sectionId = reference('section', ctx.sectionOf);
    const start = starts[n];
    if (start.reason) refuse('startsAt', start.reason);
    const isNoDate = noDate ?? before?.noDate ?? false;
    if (!isNoDate && !start.instant && !start.reason)
      refuse('startsAt', 'validation.activities.startRequired');

    const candidate = {
      title: { fr: cell(row, 'titleFr'), en: cell(row, 'titleEn') || (before?.titleEn ?? '') },
      type: type ?? before?.type ?? 'session',
      categoryId,
      sectionId,
      noDate: isNoDate,
      startsAt: null,
      durationMinutes: duration ?? before?.durationMinutes ?? 60,
      maxMembers: max === undefined ? (before?.maxMembers ?? null) : max === 'invalid' ? null : max,
      hybridType: hybrid ?? before?.hybridType ?? 'inPerson',
      location: cell(row, 'location') || (before?.location ?? null),
    };
    const parsed = activityInput.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        const field = FIELD_OF_PATH[path] ?? String(issue.path[0]);
        refuse(field, issue.message.startsWith('validation.') ? issue.message : 'validation.invalid');
      }
    }
    const titleFr = cell(row, 'titleFr');
    if (titleFr && seen.has(key)) {
      refuse('titleFr', encodeMessage('activityImport.reasons.duplicate', { line: seen.get(key) ?? 0 }));
    } else if (titleFr) seen.set(key, line);

    const shown = { line, email: '', name: titleFr, start: cell(row, 'startsAt') };
    // What the save must find unchanged to keep this row's checks: whatever the project holds under its key (an
    // activity made meanwhile under the same key makes the save check the file again).
    if (titleFr && seen.get(key) === line) stamps.push([key, stampOf(matches)]);
    if (reasons.length || !parsed.success) {
      stored.push({ ...shown, action: 'skip', reasons });
      continue;
    }
    const values: ActivityValues = parsed.data;
    const fields: ActivityRowFields = {
      titleFr: values.title.fr,
      titleEn: values.title.en,
      type: values.type,
      categoryId: values.categoryId,
      sectionId: values.sectionId,
      noDate: values.noDate,
      startsAt: start.instant?.toISOString() ?? null,
      durationMinutes: values.durationMinutes,
      maxMembers: values.maxMembers,
      hybridType: values.hybridType,
      location: values.location,
    };
    const action: ImportAction = !before
      ? 'create'
      : FIELD_KEYS.some((k) => (before[k] ?? null) !== (fields[k] ?? null))
        ? 'update'
        : 'unchanged';
    stored.push({ ...shown, action, reasons: [] });
    valid.push({ line, action, activityId: before?.id ?? null, fields });
  }
  return { stored, valid, stamps };
}
