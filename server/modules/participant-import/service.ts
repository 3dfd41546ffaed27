import { createHash, randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, type UploadedFile } from '../../../contracts/files';
import { decodeMessage, encodeMessage, type Language } from '../../../contracts/http';
import {
  IMPORT_MAX_BYTES,
  IMPORT_PAGE_SIZE,
  IMPORT_TARGETS,
  type ImportAction,
  type ImportTarget,
} from '../../../contracts/participant-import';
import { participantInput, ROLE_REQUIRED } from '../../../contracts/participants';
import { normalisePhone } from '../../../contracts/phone';
import { participantProfileSchema } from '../../../contracts/profile-fields';
import type { Executor } from '../../db/client';
import { participantGroups, participants, persons } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, databaseErrorCode } from '../../http/errors';
import { translator } from '../../i18n';
import { deliverSoon } from '../mail/outbox';
import { csvSafe } from '../participants/export';
import * as participantRepo from '../participants/repository';
import { inscribe, personFields, profileRules } from '../participants/service';
import { listFieldRows } from '../profile-fields/repository';
import { findProject as findProjectRow } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import { matchHeaders, nameLookup, readLanguage, TEMPLATE_HEADERS } from './headers';
import { detectKind, lineOf, type SheetRow } from './read';
import { dropReading, readHeader, readSheetRows, takeRows } from './sheet-reader';

/** The pg-boss queue of the analysis and the save (see jobs.ts). */
export const IMPORT_JOB = 'participants.import';
/** Rows looked up and written per statement. */
const BATCH = 1000;
/** About what a row of a workbook weighs in its zip (10 short cells): the dry run's progress of a workbook. */
const XLSX_BYTES_PER_ROW = 50;
/** A job that has not noted progress for this long is taken as interrupted (the process stopped). */
const STALE_MS = 2 * 60_000;

type Status = 'uploaded' | 'analysing' | 'ready' | 'saving' | 'done' | 'failed';

interface StoredReason {
  /** The target the reason is about (`email`, `profile.<id>`…), shown before the message. */
  field?: string;
  /** An encoded validation message (contracts/http.ts encodeMessage). */
  message: string;
}

interface StoredRow {
  line: number;
  action: ImportAction;
  reasons: StoredReason[];
  email: string;
  name: string;
}

/**
 * The state of an import, kept as JSON in the storage under `imports/<id>.json`; the rows of its last dry run or
 * save under `imports/<id>-rows.json` (read only to show a page of them or the error report, never while polling).
 */
export interface ImportState {
  id: string;
  companyId: string;
  projectId: string;
  fileKey: string;
  fileName: string;
  columns: string[];
  mapping: (string | null)[];
  status: Status;
  progress: number;
  summary: Record<ImportAction, number>;
  /** The rows of the file (header and empty rows left out), known once a dry run has read it: the save's progress. */
  lineCount?: number;
  error: string | null;
  sendInscription: boolean;
  /**
   * What the last dry run checked, kept so that the save does not check the file a second time: its run (the key
   * of its checked batches), how many batches, and the fingerprint of what the checks depended on.
   */
  checked?: { runId: string; batches: number; fingerprint: string };
  /** The batches the dry run at work has kept so far (noted with its progress: an interrupted one leaves them). */
  keeping?: { runId: string; batches: number };
  /** The run the background job must match (a newer start supersedes an older job). */
  runId: string | null;
  /** The caller's user and language, for the job (inscription e-mails use the participant's language). */
  userId: string;
  locale: Language;
  updatedAt: string;
}

export interface ImportJobData {
  importId: string;
  runId: string;
}

const stateKey = (id: string) => `imports/${id}.json`;
const rowsKey = (id: string) => `imports/${id}-rows.json`;
/**
 * The version of the checks of a row and of what a dry run keeps of them: bumped whenever `checkBatch`, the name and
 * header matching or the participant rules change, so that a dry run made before an upgrade is checked again.
 */
const CHECKS_VERSION = 2;

/** The valid rows of one batch of a dry run, with what they were checked against (see `CheckedBatch`). */
const checkedKey = (id: string, runId: string, batch: number) =>
  `imports/${id}-checked-${runId}-${batch}.json`;
const emptySummary = (): Record<ImportAction, number> => ({ create: 0, update: 0, unchanged: 0, skip: 0 });

/** Imports whose run is being started by a request of this process: a second start meanwhile is refused. */
const starting = new Set<string>();

/**
 * The runs of this process, so that polling answers from memory: the progress, the state the run holds (once it
 * has started), and what a column can feed (read by the first poll: the page is polled every 200 ms).
 */
interface LiveRun {
  progress: number;
  state?: ImportState;
  targets?: Promise<Targets>;
}
const live = new Map<string, LiveRun>();

async function readState(deps: Deps, id: string): Promise<ImportState | null> {
  const stored = await deps.storage.get(stateKey(id));
  return stored ? (JSON.parse(stored.bytes.toString('utf8')) as ImportState) : null;
}

async function writeState(deps: Deps, state: ImportState) {
  state.updatedAt = deps.now().toISOString();
  await deps.storage.put(stateKey(state.id), Buffer.from(JSON.stringify(state)), 'application/json');
}

async function readStoredRows(deps: Deps, id: string): Promise<StoredRow[]> {
  const stored = await deps.storage.get(rowsKey(id));
  return stored ? (JSON.parse(stored.bytes.toString('utf8')) as StoredRow[]) : [];
}

/** The rows of the last dry run or save; none while the import works or before its dry run. */
const rowsOf = (deps: Deps, state: ImportState) =>
  busy(state) || state.status === 'uploaded' ? Promise.resolve([]) : readStoredRows(deps, state.id);

async function writeStoredRows(deps: Deps, id: string, rows: StoredRow[]) {
  await deps.storage.put(rowsKey(id), Buffer.from(JSON.stringify(rows)), 'application/json');
}

/** The import of this project of the caller's company; anything else is not found. */
async function loadState(deps: Deps, auth: AuthContext, projectId: string, id: string) {
  // A run's own state while it works; once it is over, what it wrote (it may not have yet: then still "working").
  const running = live.get(id)?.state;
  const state = running && busy(running) ? { ...running } : await readState(deps, id);
  if (!state || state.companyId !== auth.companyId || state.projectId !== projectId)
    throw AppError.notFound();
  // A run that stopped noting progress was interrupted (restart): nothing of a save was kept (one transaction).
  if (
    (state.status === 'analysing' || state.status === 'saving') &&
    !live.has(state.id) &&
    deps.now().getTime() - new Date(state.updatedAt).getTime() > STALE_MS
  ) {
    state.status = 'failed';
    state.error = 'errors.participantImport.interrupted';
    state.runId = null;
    const partial = state.keeping;
    state.keeping = undefined;
    await writeState(deps, state);
    await dropChecked(deps, state.id, partial);
  }
  return state;
}

async function requireProject(db: Executor, companyId: string, projectId: string) {
  const project = await participantRepo.findProject(db, companyId, projectId);
  if (!project) throw AppError.notFound();
  return project;
}

// ---------- presenting ----------

/**
 * What a column can feed: the standard targets (but the standard fields switched inactive, U5: never written) and
 * the active own fields, in one query.
 */
async function targetsOf(db: Executor, companyId: string, projectId: string) {
  const fields = await listFieldRows(db, companyId, projectId);
  const inactive = new Set(fields.filter((f) => f.standardKey && !f.isActive).map((f) => f.standardKey));
  return [
    ...IMPORT_TARGETS.filter((key) => !inactive.has(key)).map((key) => ({
      key,
      label: { fr: TEMPLATE_HEADERS.fr[key], en: TEMPLATE_HEADERS.en[key] },
    })),
    ...fields
      .filter((f) => !f.standardKey && f.isActive)
      .map((f) => ({ key: `profile.${f.id}`, label: { fr: f.titleFr, en: f.titleEn } })),
  ];
}

type Targets = Awaited<ReturnType<typeof targetsOf>>;

function translateReason(
  reason: StoredReason,
  t: ReturnType<typeof translator>,
  targets: Targets,
  lang: Language,
) {
  const { key, values } = decodeMessage(reason.message);
  const text = t(key, { ...values, defaultValue: t('validation.invalid') });
  const label = reason.field ? targets.find((x) => x.key === reason.field)?.label[lang] : undefined;
  if (!label) return text;
  return lang === 'fr' ? `${label} : ${text}` : `${label}: ${text}`;
}

/** The targets of a running import, read once for all its polls. */
function runTargets(deps: Deps, run: LiveRun, state: ImportState) {
  if (!run.targets) {
    run.targets = targetsOf(deps.db, state.companyId, state.projectId);
    run.targets.catch(() => {
      run.targets = undefined;
    });
  }
  return run.targets;
}

async function present(
  deps: Deps,
  auth: AuthContext,
  state: ImportState,
  query: { page?: number; problems?: boolean } = {},
) {
  const t = translator(auth.locale);
  const run = live.get(state.id);
  const targets = await (run?.state && busy(state)
    ? runTargets(deps, run, state)
    : targetsOf(deps.db, state.companyId, state.projectId));
  // While the import works, the page shows its progress only: polling never reads the rows.
  const stored = await rowsOf(deps, state);
  const all = query.problems ? stored.filter((r) => r.action === 'skip') : stored;
  const page = query.page ?? 1;
  const rows = all.slice((page - 1) * IMPORT_PAGE_SIZE, page * IMPORT_PAGE_SIZE);
  return {
    id: state.id,
    fileName: state.fileName,
    status: state.status,
    progress: Math.round(run?.progress ?? state.progress),
    columns: state.columns,
    mapping: state.mapping,
    targets,
    summary: state.summary,
    rows: rows.map((r) => ({
      ...r,
      reasons: r.reasons.map((x) => translateReason(x, t, targets, auth.locale)),
    })),
    page,
    total: all.length,
    error: state.error ? t(state.error, { defaultValue: t('errors.participantImport.failed') }) : null,
    sendInscription: state.sendInscription,
    updatedAt: new Date(state.updatedAt),
  };
}

// ---------- upload and mapping ----------

export async function upload(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  file: UploadedFile | undefined,
) {
  await requireProject(deps.db, auth.companyId, projectId);
  if (!file || file.bytes.length === 0) throw AppError.field('file', 'validation.empty');
  if (file.truncated || file.bytes.length > IMPORT_MAX_BYTES) {
    // The server's multipart limit (app.ts) may be lower than the import's own: the message gives the lower one.
    const maximum = Math.min(IMPORT_MAX_BYTES, IMAGE_MAX_BYTES) / 1024 / 1024;
    throw AppError.field('file', 'validation.participantImport.tooLarge', { maximum });
  }
  const id = randomUUID();
  const kind = detectKind(file.bytes);
  const fileKey = `imports/${id}.${kind}`;
  let columns: string[] | undefined;
  try {
    // The reading stays paused after the header: the dry run goes on with it.
    columns = await readHeader(fileKey, file.bytes);
  } catch {
    throw AppError.field('file', 'validation.participantImport.unreadable');
  }
  if (!columns?.length) throw AppError.field('file', 'validation.participantImport.noHeader');
  let state: ImportState;
  try {
    await deps.storage.put(
      fileKey,
      file.bytes,
      kind === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const own = await participantRepo.listOwnProfileFields(deps.db, projectId);
    // Columns of standard fields switched inactive are matched to nothing (U5: never written).
    const offered = new Set((await targetsOf(deps.db, auth.companyId, projectId)).map((x) => x.key));
    state = {
      id,
      companyId: auth.companyId,
      projectId,
      fileKey,
      fileName: file.filename.slice(0, 200),
      columns,
      mapping: matchHeaders(columns, own).map((target) => (target && offered.has(target) ? target : null)),
      status: 'uploaded',
      progress: 0,
      summary: emptySummary(),
      error: null,
      sendInscription: false,
      runId: null,
      userId: auth.userId,
      locale: auth.locale,
      updatedAt: deps.now().toISOString(),
    };
    await writeState(deps, state);
  } catch (err) {
    // No import to analyse: its paused reading is stopped now rather than in a few minutes.
    dropReading(fileKey);
    throw err;
  }
  return present(deps, auth, state);
}

const busy = (s: ImportState) => s.status === 'analysing' || s.status === 'saving';

export async function setMapping(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  mapping: (string | null)[],
) {
  const state = await loadState(deps, auth, projectId, id);
  if (busy(state)) throw new AppError('participantImport.busy', 'conflict');
  const known = new Set((await targetsOf(deps.db, auth.companyId, projectId)).map((x) => x.key));
  const used = new Set<string>();
  const next = state.columns.map((_, i) => {
    const target = mapping[i] ?? null;
    if (target === null) return null;
    if (!known.has(target)) throw AppError.field(`mapping.${i}`, 'validation.invalid');
    if (used.has(target)) throw AppError.field(`mapping.${i}`, 'validation.participantImport.mappedTwice');
    used.add(target);
    return target;
  });
  state.mapping = next;
  // A new mapping calls for a new dry run: what the last one kept is of no use.
  const previous = state.checked;
  state.checked = undefined;
  state.status = 'uploaded';
  state.summary = emptySummary();
  state.progress = 0;
  await writeState(deps, state);
  await dropChecked(deps, state.id, previous);
  return present(deps, auth, state);
}

// ---------- the analysis ----------

interface ValidRow {
  /** The role was named by the file (else it is the project's default, for a new participant only). */
  roleFromFile: boolean;
  /** The row the dry-run page shows (a row registered meanwhile turns from create to update when saved). */
  stored: StoredRow;
  line: number;
  action: ImportAction;
  personId: string | null;
  participantId: string | null;
  person: participantRepo.PersonFields;
  personChanged: boolean;
  roleId: string;
  profile: Record<string, string>;
  participantChanged: boolean;
  newGroupIds: string[];
  inscriptionSentAt: Date | null;
}

interface Existing {
  person: typeof persons.$inferSelect;
  participantId: string | null;
  roleId: string | null;
  profile: Record<string, string>;
  inscriptionSentAt: Date | null;
  groupIds: Set<string>;
}

async function loadExisting(db: Executor, companyId: string, projectId: string, emails: string[]) {
  const found = new Map<string, Existing>();
  if (!emails.length) return found;
  const rows = await db
    .select({
      person: persons,
      participantId: participants.id,
      roleId: participants.roleId,
      profile: participants.profile,
      inscriptionSentAt: participants.inscriptionSentAt,
    })
    .from(persons)
    .leftJoin(participants, and(eq(participants.personId, persons.id), eq(participants.projectId, projectId)))
    .where(and(eq(persons.companyId, companyId), inArray(sql`lower(${persons.email})`, emails)));
  const participantIds = rows.map((r) => r.participantId).filter((x): x is string => Boolean(x));
  const memberships = participantIds.length
    ? await db
        .select()
        .from(participantGroups)
        .where(inArray(participantGroups.participantId, participantIds))
    : [];
  for (const r of rows) {
    found.set(r.person.email.toLowerCase(), {
      person: r.person,
      participantId: r.participantId,
      roleId: r.roleId,
      profile: r.profile ?? {},
      inscriptionSentAt: r.inscriptionSentAt,
      groupIds: new Set(memberships.filter((m) => m.participantId === r.participantId).map((m) => m.groupId)),
    });
  }
  return found;
}

/**
 * The participant rules for a row of a file: its phones come already normalised (`phoneOf` in `checkBatch`), so
 * they are not parsed a second time.
 */
const importInput = participantInput.extend({
  phone: z.string().nullable(),
  phonePro: z.string().nullable(),
});

/** A value safe inside an encoded message. */
const safe = (text: string) => text.replace(/[|=]/g, ' ').slice(0, 100);

const sameProfile = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a).filter((k) => a[k]);
  const kb = Object.keys(b).filter((k) => b[k]);
  return ka.length === kb.length && ka.every((k) => a[k] === b[k]);
};

const PERSON_KEYS = [
  'firstName',
  'lastName',
  'organisation',
  'jobTitle',
  'phone',
  'phonePro',
  'language',
] as const;

/** What the checks of every row need: the project's roles, groups and rules, and where each target's column is. */
async function checkContext(db: Executor, state: ImportState) {
  // One after the other: in the save, `db` is a transaction, one connection.
  const roles = await participantRepo.listRoles(db, state.projectId);
  const groups = await participantRepo.listGroups(db, state.projectId);
  const rules = await profileRules(db, state.companyId, state.projectId);
  const project = await findProjectRow(db, state.companyId, state.projectId);
  // U5: a standard field switched inactive is never written (as in the form): its column is not read, the person
  // keeps what is known.
  const inactive = new Set<string>(
    rules.filter((r) => r.standardKey && !r.isActive).map((r) => r.standardKey as string),
  );
  const column = new Map<string, number>();
  state.mapping.forEach((target, i) => {
    if (target && !inactive.has(target)) column.set(target, i);
  });
  return {
    /** Everything the checks of a row depend on besides the row and the persons it names (see `saveChecked`). */
    fingerprint: hash([
      CHECKS_VERSION,
      roles,
      groups,
      rules,
      project?.defaultRoleId,
      project?.defaultLanguage,
      state.mapping,
    ]),
    /** A role by the name a cell gives (the same few names come back on every row). */
    roleOf: cached(nameLookup(roles)),
    /** J4: the role of a new participant whose role cell is empty (none: the row is refused, role required). */
    defaultRoleId: project?.defaultRoleId ?? null,
    /** The language of a new person whose language cell is empty: the project's (their e-mails speak it). */
    defaultLanguage: (project?.defaultLanguage === 'en' ? 'en' : 'fr') as 'fr' | 'en',
    groupOf: cached(nameLookup(groups)),
    // The standard phones are already checked and normalised (`phoneOf` in `checkBatch`): the project's rules only
    // add whether they are mandatory, so they are not parsed a second time (the costliest check of a row).
    profileSchema: participantProfileSchema(
      rules.map((r) =>
        r.standardKey && r.inputType === 'phone' ? { ...r, inputType: 'longText' as const } : r,
      ),
    ),
    column,
    /** The line where each e-mail of the file was first seen (duplicates). */
    seen: new Map<string, number>(),
    /** The language of a language cell (« français », "English"…: a few words for the whole file). */
    languageOf: cached(readLanguage),
  };
}

type CheckContext = Awaited<ReturnType<typeof checkContext>>;

/** A reading of a cell remembered for the texts that come back row after row (up to 10,000 of them). */
function cached<T>(read: (text: string) => T) {
  const known = new Map<string, T>();
  return (text: string) => {
    if (known.has(text)) return known.get(text) as T;
    const value = read(text);
    if (known.size < 10_000) known.set(text, value);
    return value;
  };
}

const hash = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64');

/** What the database holds of a person and their registration, as the checks of a row read it. */
const stampOf = (found: Existing | undefined) =>
  found
    ? hash([
        found.person,
        found.participantId,
        found.roleId,
        found.profile,
        found.inscriptionSentAt,
        [...found.groupIds].sort(),
      ])
    : '';

/** Checks one batch of rows of the file against what the database holds (one lookup for the batch). */
async function checkBatch(db: Executor, state: ImportState, ctx: CheckContext, batch: string[][]) {
  const { roleOf, defaultRoleId, defaultLanguage, groupOf, profileSchema, column, seen, languageOf } = ctx;
  const stored: StoredRow[] = [];
  const valid: ValidRow[] = [];
  /** E-mails first seen in this batch, with the stamp of what the database holds of them (see below). */
  const stamps: [string, string][] = [];
  const cell = (row: string[], target: string) => {
    const i = column.get(target);
    return i === undefined ? undefined : (row[i] ?? '').trim();
  };
  const emails = batch.map((row) => (cell(row, 'email') ?? '').toLowerCase()).filter(Boolean);
  const existing = await loadExisting(db, state.companyId, state.projectId, [...new Set(emails)]);
  for (const row of batch) {
    const line = lineOf(row, 0);
    const reasons: StoredReason[] = [];
    const email = (cell(row, 'email') ?? '').toLowerCase();
    const found = existing.get(email);
    const before = found?.person;
    // An empty or absent cell never erases what is known: it keeps the person's value.
    const pick = (key: (typeof PERSON_KEYS)[number]) => {
      const value = cell(row, key);
      return value ? value : (before?.[key] ?? null);
    };
    const languageText = cell(row, 'language') ?? '';
    const language = languageOf(languageText);
    if (language === null) reasons.push({ field: 'language', message: 'validation.language' });

    // Role: by its French or English name; when the cell is empty a registered participant keeps theirs, and a new
    // one gets the project's default role.
    const roleText = cell(row, 'role') ?? '';
    let roleId = roleText ? roleOf(roleText) : (found?.roleId ?? defaultRoleId ?? undefined);
    if (!roleText && !roleId) reasons.push({ field: 'role', message: ROLE_REQUIRED });
    else if (!roleId) {
      reasons.push({
        field: 'role',
        message: encodeMessage('participantImport.reasons.unknownRole', { name: safe(roleText) }),
      });
    }
    roleId ??= '';

    const wanted: string[] = [];
    for (const name of (cell(row, 'groups') ?? '')
      .split(/[;\n]/)
      .map((n) => n.trim())
      .filter(Boolean)) {
      const groupId = groupOf(name);
      if (groupId) wanted.push(groupId);
      else {
        reasons.push({
          field: 'groups',
          message: encodeMessage('participantImport.reasons.unknownGroup', { name: safe(name) }),
        });
      }
    }

    // Phones: a cell of the file is normalised (E.164), by the reading thread for a large file, else here; an empty
    // cell keeps the person's number (stored normalised).
    const phoneErrors: string[] = [];
    const phoneOf = (key: 'phone' | 'phonePro') => {
      const i = column.get(key);
      const text = i === undefined ? '' : (row[i] ?? '').trim();
      if (i === undefined || !text) return before?.[key] ?? null;
      const ahead = (row as SheetRow).phones;
      const value = ahead && i in ahead ? ahead[i] : normalisePhone(text);
      if (value === null) phoneErrors.push(key);
      return value;
    };

    const ownValues: Record<string, string> = { ...(found?.profile ?? {}) };
    for (const [target, i] of column) {
      if (!target.startsWith('profile.')) continue;
      const value = (row[i] ?? '').trim();
      if (value) ownValues[target.slice('profile.'.length)] = value;
    }
    const candidate = {
      roleId: roleId || undefined,
      email: cell(row, 'email') ?? '',
      firstName: pick('firstName') ?? '',
      lastName: pick('lastName') ?? '',
      organisation: pick('organisation'),
      jobTitle: pick('jobTitle'),
      phone: phoneOf('phone'),
      phonePro: phoneOf('phonePro'),
      language: language ?? before?.language ?? defaultLanguage,
      profile: ownValues,
    };
    const base = importInput.safeParse(candidate);
    const noted = new Set<string>();
    /** The first broken rule of each field, under that field (`profile.<id>` for an own field). */
    const note = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
      for (const issue of issues) {
        const field =
          issue.path[0] === 'profile' ? `profile.${String(issue.path[1])}` : String(issue.path[0]);
        // The role is said above, with its name.
        if (field === 'roleId' || noted.has(field)) continue;
        noted.add(field);
        reasons.push({
          field,
          message: issue.message.startsWith('validation.') ? issue.message : 'validation.invalid',
        });
      }
    };
    note(phoneErrors.map((key) => ({ path: [key], message: 'validation.phone' })));
    if (!base.success) note(base.error.issues);
    const checked = profileSchema.safeParse({ ...candidate, ...(base.success ? base.data : {}) });
    if (!checked.success) note(checked.error.issues);
    if (email && seen.has(email)) {
      reasons.push({
        field: 'email',
        message: encodeMessage('participantImport.reasons.duplicate', { line: seen.get(email) ?? 0 }),
      });
    } else if (email) seen.set(email, line);

    const name = `${candidate.firstName} ${candidate.lastName}`.trim();
    const skipped = reasons.length > 0 || !base.success || !checked.success;
    // What the save must find unchanged to keep this row's checks: the person the row names, unless the row makes
    // a new person (a person made meanwhile makes that insert conflict, see `write`), or repeats an e-mail.
    if (email && seen.get(email) === line && (found || skipped)) stamps.push([email, stampOf(found)]);
    if (skipped) {
      stored.push({ line, action: 'skip', reasons, email, name });
      continue;
    }
    const values = base.data;
    // The e-mail keeps the spelling the person was known by.
    const person: participantRepo.PersonFields = {
      ...personFields(values),
      email: before?.email ?? values.email,
    };
    const profile = { ...(found?.profile ?? {}), ...(checked.data.profile as Record<string, string>) };
    const personChanged =
      Boolean(before) && PERSON_KEYS.some((k) => (before?.[k] ?? null) !== (person[k] ?? null));
    const registered = Boolean(found?.participantId);
    const participantChanged =
      registered && (found?.roleId !== values.roleId || !sameProfile(found?.profile ?? {}, profile));
    const newGroupIds = [...new Set(wanted)].filter((g) => !found?.groupIds.has(g));
    const action: ImportAction = !registered
      ? 'create'
      : personChanged || participantChanged || newGroupIds.length
        ? 'update'
        : 'unchanged';
    const entry: StoredRow = { line, action, reasons: [], email, name };
    stored.push(entry);
    valid.push({
      stored: entry,
      line,
      action,
      personId: before?.id ?? null,
      participantId: found?.participantId ?? null,
      person,
      personChanged: !before || personChanged,
      roleId: values.roleId,
      roleFromFile: Boolean(roleText),
      profile,
      participantChanged,
      newGroupIds,
      inscriptionSentAt: found?.inscriptionSentAt ?? null,
    });
  }
  return { stored, valid, stamps };
}

type Checked = Awaited<ReturnType<typeof checkBatch>>;

/**
 * Reads the file and checks its rows a batch at a time, as they are read, against the participant rules (role
 * required, e-mail valid, phones normalised, profile rules of the project), groups and duplicates. Only the rows
 * the dry-run page shows are kept (line, action, reasons, e-mail, name); `onBatch` hears each checked batch: the
 * dry run keeps it for the save, a save that checks again writes its valid rows in its transaction.
 */
async function analyse(
  db: Executor,
  bytes: Uint8Array,
  state: ImportState,
  onProgress: (percent: number) => Promise<void>,
  onBatch: (checked: Checked) => Promise<void>,
) {
  const ctx = await checkContext(db, state);
  const stored: StoredRow[] = [];
  let batch: string[][] = [];
  let read = 0;
  let done = 0;
  // Progress: by rows when their number is known (the save, after a dry run); else by bytes read for a CSV file,
  // which is read as it is checked; a workbook is unzipped before its first row comes out, so its dry run counts
  // its rows against an estimate from its size (about 50 bytes a row), never beyond 95 %.
  const expected =
    state.lineCount ?? (detectKind(bytes) === 'xlsx' ? bytes.length / XLSX_BYTES_PER_ROW : undefined);
  const progress = () =>
    expected === undefined
      ? (read / bytes.length) * 99
      : Math.min(state.lineCount ? 99 : 95, (done / Math.max(1, expected)) * 100);
  const flush = async () => {
    const checked = await checkBatch(db, state, ctx, batch);
    done += batch.length;
    batch = [];
    for (const row of checked.stored) stored.push(row);
    await onBatch(checked);
    // A failed progress note (storage) must not end the process: the next note, or the end, says where it stands.
    await onProgress(progress()).catch(() => undefined);
  };
  const onBytes = (n: number) => {
    read = n;
  };
  // The reading the upload paused after the header row, else a new one (header first).
  const resumed = takeRows(state.fileKey, onBytes);
  let header = !resumed;
  let index = resumed ? 1 : 0;
  for await (const row of resumed ?? readSheetRows(bytes, onBytes)) {
    index++;
    if (header) {
      header = false;
      continue;
    }
    // Without a line number from the reader, the line is the row's place in the file.
    batch.push(Object.assign(row, { line: lineOf(row, index) }));
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  const summary = emptySummary();
  for (const row of stored) summary[row.action]++;
  return { stored, summary, lineCount: done, fingerprint: ctx.fingerprint };
}

// ---------- the save ----------

/** The checks of a batch no longer hold (the project or a person changed since they were made). */
class StaleCheck extends Error {}

const column = <T>(rows: ValidRow[], value: (r: ValidRow) => T) => sql.param(rows.map(value));

/**
 * Writes the valid rows of one batch with one statement per table (`insert … select from unnest(…)`), in the
 * caller's transaction. A save that checked the rows in its own transaction (`meanwhile: 'merge'`) takes a
 * registration or membership made since (another process) as the one to update; a save that reuses the dry run's
 * checks (`'refuse'`) inserts plainly, and any such conflict ends its transaction (checked again from the file).
 */
async function write(tx: Executor, state: ImportState, valid: ValidRow[], meanwhile: 'merge' | 'refuse') {
  const { companyId, projectId } = state;
  const onConflict = meanwhile === 'merge' ? sql`on conflict do nothing` : sql``;
  // New persons of the company.
  const fresh = valid.filter((r) => !r.personId);
  if (fresh.length) {
    const inserted = (
      (await tx.execute(sql`
        insert into ${persons} (company_id, email, first_name, last_name, organisation, job_title, phone,
          phone_pro, language)
        select ${companyId}::uuid, t.* from unnest(
          ${column(fresh, (r) => r.person.email)}::text[], ${column(fresh, (r) => r.person.firstName)}::text[],
          ${column(fresh, (r) => r.person.lastName)}::text[], ${column(fresh, (r) => r.person.organisation)}::text[],
          ${column(fresh, (r) => r.person.jobTitle)}::text[], ${column(fresh, (r) => r.person.phone ?? null)}::text[],
          ${column(fresh, (r) => r.person.phonePro ?? null)}::text[],
          ${column(fresh, (r) => r.person.language)}::text[]) as t
        returning id, lower(email) as email`)) as { rows: unknown[] }
    ).rows as { id: string; email: string }[];
    const ids = new Map(inserted.map((p) => [p.email, p.id]));
    for (const r of fresh) r.personId = ids.get(r.person.email.toLowerCase()) ?? null;
  }
  // Known persons whose values changed.
  const isFresh = new Set(fresh);
  const changed = valid.filter((r) => r.personId && r.personChanged && !isFresh.has(r));
  if (changed.length) {
    await tx.execute(sql`
      update ${persons} p set first_name = v.first_name, last_name = v.last_name, organisation = v.organisation,
        job_title = v.job_title, phone = v.phone, phone_pro = v.phone_pro, language = v.language,
        updated_at = now()
      from unnest(${column(changed, (r) => r.personId)}::uuid[],
        ${column(changed, (r) => r.person.firstName)}::text[], ${column(changed, (r) => r.person.lastName)}::text[],
        ${column(changed, (r) => r.person.organisation)}::text[], ${column(changed, (r) => r.person.jobTitle)}::text[],
        ${column(changed, (r) => r.person.phone ?? null)}::text[],
        ${column(changed, (r) => r.person.phonePro ?? null)}::text[],
        ${column(changed, (r) => r.person.language)}::text[])
        as v(id, first_name, last_name, organisation, job_title, phone, phone_pro, language)
      where p.id = v.id and p.company_id = ${companyId}`);
  }
  // New registrations.
  const creates = valid.filter((r) => r.action === 'create');
  if (creates.length) {
    const inserted = (
      (await tx.execute(sql`
        insert into ${participants} (company_id, project_id, person_id, role_id, profile)
        select ${companyId}::uuid, ${projectId}::uuid, t.* from unnest(
          ${column(creates, (r) => r.personId)}::uuid[], ${column(creates, (r) => r.roleId)}::uuid[],
          ${column(creates, (r) => JSON.stringify(r.profile))}::jsonb[]) as t
        ${onConflict}
        returning id, person_id`)) as { rows: unknown[] }
    ).rows as { id: string; person_id: string }[];
    const ids = new Map(inserted.map((p) => [p.person_id, p.id]));
    for (const r of creates) r.participantId = ids.get(r.personId as string) ?? null;
    // Registered meanwhile (another save or a person added by hand since the checks): the row updates that
    // registration instead, so that its role, own values and groups are not lost.
    const registered = creates.filter((r) => !r.participantId);
    if (registered.length) {
      const found = await tx
        .select({
          id: participants.id,
          personId: participants.personId,
          roleId: participants.roleId,
          profile: participants.profile,
          inscriptionSentAt: participants.inscriptionSentAt,
        })
        .from(participants)
        .where(
          and(
            eq(participants.projectId, projectId),
            inArray(
              participants.personId,
              registered.map((r) => r.personId as string),
            ),
          ),
        );
      const byPerson = new Map(found.map((p) => [p.personId, p]));
      for (const r of registered) {
        const registration = byPerson.get(r.personId as string);
        if (!registration) throw new Error('a participant skipped by the insert was not found');
        r.participantId = registration.id;
        r.action = 'update';
        r.stored.action = 'update';
        r.participantChanged = true;
        r.profile = { ...(registration.profile ?? {}), ...r.profile };
        // An empty role cell keeps the role the registration has (the default is for new participants only).
        if (!r.roleFromFile) r.roleId = registration.roleId;
        r.inscriptionSentAt = registration.inscriptionSentAt;
      }
    }
  }
  const updates = valid.filter((r) => r.action === 'update' && r.participantChanged && r.participantId);
  if (updates.length) {
    await tx.execute(sql`
      update ${participants} x set role_id = v.role_id, profile = v.profile, updated_at = now()
      from unnest(${column(updates, (r) => r.participantId)}::uuid[], ${column(updates, (r) => r.roleId)}::uuid[],
        ${column(updates, (r) => JSON.stringify(r.profile))}::jsonb[]) as v(id, role_id, profile)
      where x.id = v.id and x.company_id = ${companyId} and x.project_id = ${projectId}`);
  }
  const member: string[] = [];
  const group: string[] = [];
  for (const r of valid) {
    if (!r.participantId) continue;
    for (const groupId of r.newGroupIds) {
      member.push(r.participantId);
      group.push(groupId);
    }
  }
  if (member.length) {
    await tx.execute(sql`
      insert into ${participantGroups} (participant_id, group_id)
      select * from unnest(${sql.param(member)}::uuid[], ${sql.param(group)}::uuid[])
      ${onConflict}`);
  }
}

// ---------- runs ----------

/** The valid rows of a checked batch as the dry run keeps them (`checkedKey`), and the stamps they were checked on. */
interface CheckedBatch {
  stamps: [string, string][];
  valid: (Omit<ValidRow, 'stored' | 'inscriptionSentAt'> & { inscriptionSentAt: string | null })[];
}

/**
 * Removes the checked batches of a dry run: when the save is done, when a newer dry run replaces them, or when their
 * own run fails or is superseded (a file the storage fails to delete stays behind).
 */
async function dropChecked(deps: Deps, id: string, checked: { runId: string; batches: number } | undefined) {
  if (!checked) return;
  for (let n = 0; n < checked.batches; n++)
    await deps.storage.delete(checkedKey(id, checked.runId, n)).catch(() => undefined);
}

/**
 * Writes the valid rows of a batch and, when asked, queues their inscription e-mails (a participant who never had
 * one), in the save's transaction.
 */
async function writeBatch(
  deps: Deps,
  tx: Executor,
  state: ImportState,
  project: Awaited<ReturnType<typeof requireProject>>,
  valid: ValidRow[],
  meanwhile: 'merge' | 'refuse',
  onProgress: (percent: number) => Promise<void>,
) {
  await write(tx, state, valid, meanwhile);
  if (!state.sendInscription) return;
  const auth = { companyId: state.companyId, userId: state.userId, locale: state.locale } as AuthContext;
  // Progress is noted as the e-mails are queued too: a long run is never taken for an interrupted one.
  for (const [index, r] of valid.entries()) {
    if (r.participantId && !r.inscriptionSentAt)
      await inscribe(tx, auth, project, r.participantId, deps.now());
    if (index % 200 === 199) await onProgress(live.get(state.id)?.progress ?? 0);
  }
}

/**
 * The save without checking the file a second time: the valid rows the dry run kept are written as they are, in one
 * transaction, if what their checks depended on is still what the database holds — the project's roles, groups,
 * fields and defaults (the fingerprint), and each person of the file with their registration and groups (a stamp
 * per e-mail, compared a batch at a time). Anything else (null) means the file must be checked again.
 */
async function saveChecked(
  deps: Deps,
  state: ImportState,
  onProgress: (percent: number) => Promise<void>,
): Promise<{ stored: null; summary: Record<ImportAction, number> } | null> {
  const checked = state.checked;
  if (!checked) return null;
  try {
    return await deps.db.transaction(async (tx) => {
      const project = await requireProject(tx, state.companyId, state.projectId);
      if ((await checkContext(tx, state)).fingerprint !== checked.fingerprint) throw new StaleCheck();
      // Each batch is read while the one before is written.
      const read = async (n: number) => {
        const file = await deps.storage.get(checkedKey(state.id, checked.runId, n));
        return file ? (JSON.parse(file.bytes.toString('utf8')) as CheckedBatch) : null;
      };
      let next = read(0);
      for (let n = 0; n < checked.batches; n++) {
        const batch = await next;
        if (n + 1 < checked.batches) {
          next = read(n + 1);
          next.catch(() => undefined); // met at the next turn; the transaction may end first
        }
        if (!batch) throw new StaleCheck();
        const emails = batch.stamps.map(([email]) => email);
        const existing = await loadExisting(tx, state.companyId, state.projectId, emails);
        if (batch.stamps.some(([email, stamp]) => stampOf(existing.get(email)) !== stamp))
          throw new StaleCheck();
        const valid = batch.valid.map(
          (row): ValidRow => ({
            ...row,
            // The rows the dry run showed stay as they are: the writes refuse a registration made meanwhile.
            stored: { line: row.line, action: row.action, reasons: [], email: '', name: '' },
            inscriptionSentAt: row.inscriptionSentAt ? new Date(row.inscriptionSentAt) : null,
          }),
        );
        await writeBatch(deps, tx, state, project, valid, 'refuse', onProgress);
        await onProgress(((n + 1) / Math.max(1, checked.batches)) * 99).catch(() => undefined);
      }
      return { stored: null, summary: state.summary };
    });
  } catch (err) {
    // A unique index refusing an insert: a person, registration or membership was made since the checks.
    if (err instanceof StaleCheck || databaseErrorCode(err) === '23505') return null;
    throw err;
  }
}

/** Runs one step of an import (the job's work): only when the import still waits for this very run. */
export async function runImport(deps: Deps, data: ImportJobData) {
  const state = await readState(deps, data.importId);
  if (!state || state.runId !== data.runId || !busy(state)) return;
  const file = await deps.storage.get(state.fileKey);
  const run: LiveRun = { progress: 0, state };
  live.set(state.id, run);
  let lastWrite = Date.now();
  const onProgress = async (percent: number) => {
    run.progress = Math.min(99, percent);
    // A heartbeat now and then, so that another process can tell a running job from an interrupted one.
    if (Date.now() - lastWrite > 5_000) {
      lastWrite = Date.now();
      state.progress = Math.min(99, Math.round(percent));
      await writeState(deps, state);
    }
  };
  /** A newer run started since (in another process): this one's results are not written over it. */
  const superseded = async () => (await readState(deps, state.id))?.runId !== data.runId;
  /** The checked batches this run made useless (the previous dry run's). */
  let dropped: ImportState['checked'];
  /** The checked batch being stored (a dry run stores each while it checks the next). */
  let storing: Promise<void> = Promise.resolve();
  try {
    if (!file) throw new AppError('participantImport.fileGone', 'notFound');
    if (state.status === 'analysing') {
      // What this dry run keeps, noted in its state (an interrupted one leaves them, see `loadState`).
      const keeping = { runId: data.runId, batches: 0 };
      state.keeping = keeping;
      const { stored, summary, lineCount, fingerprint } = await analyse(
        deps.db,
        file.bytes,
        state,
        onProgress,
        async ({ valid, stamps }) => {
          const batch: CheckedBatch = {
            stamps,
            valid: valid.map(({ stored: _, ...row }) => ({
              ...row,
              inscriptionSentAt: row.inscriptionSentAt?.toISOString() ?? null,
            })),
          };
          // Each batch is stored while the next one is read and checked (one at a time: a slow storage holds the
          // reading back rather than letting the batches pile up in memory); a failure is met below, not unhandled.
          await storing;
          storing = deps.storage.put(
            checkedKey(state.id, keeping.runId, keeping.batches++),
            Buffer.from(JSON.stringify(batch)),
            'application/json',
          );
          storing.catch(() => undefined);
        },
      );
      await storing;
      if (await superseded()) return;
      await writeStoredRows(deps, state.id, stored);
      dropped = state.checked;
      Object.assign(state, {
        summary,
        lineCount,
        status: 'ready',
        progress: 100,
        error: null,
        checked: { ...keeping, fingerprint },
        keeping: undefined,
      });
    } else {
      const saved =
        (await saveChecked(deps, state, onProgress)) ??
        // The project or a person changed since the dry run: each batch is checked again, then written, as the
        // file is read, in one transaction for the whole file.
        (await deps.db.transaction(async (tx) => {
          const project = await requireProject(tx, state.companyId, state.projectId);
          return analyse(tx, file.bytes, state, onProgress, ({ valid }) =>
            writeBatch(deps, tx, state, project, valid, 'merge', onProgress),
          );
        }));
      if (await superseded()) return;
      if (saved.stored) await writeStoredRows(deps, state.id, saved.stored);
      dropped = state.checked;
      Object.assign(state, { summary: saved.summary, status: 'done', progress: 100, error: null });
      state.checked = undefined;
      if (state.sendInscription) await deliverSoon(deps);
    }
  } catch (err) {
    const code =
      err instanceof AppError && err.code !== 'validation'
        ? `errors.${err.code}`
        : 'errors.participantImport.failed';
    Object.assign(state, { status: 'failed', progress: 100, error: code });
    if (!(err instanceof AppError))
      console.error('participant import failed:', String((err as Error).message).slice(0, 300));
  } finally {
    live.delete(state.id);
    // What this run kept but did not hand over (it failed or was superseded), once none is still being stored.
    await storing.catch(() => undefined);
    await dropChecked(deps, state.id, state.keeping);
    state.keeping = undefined;
  }
  if (await superseded().catch(() => false)) {
    // A newer run took over: what this dry run kept is nobody's.
    if (state.checked?.runId === data.runId) await dropChecked(deps, state.id, state.checked);
    return;
  }
  state.runId = null;
  await writeState(deps, state);
  await dropChecked(deps, state.id, dropped);
}

/** Hands the step to pg-boss when its queue is there; otherwise runs it in this process, in the background. */
async function start(deps: Deps, state: ImportState, status: 'analysing' | 'saving') {
  // Two clicks (two tabs, a retry) may both have read the import as idle: only the first starts a run.
  if (starting.has(state.id) || live.has(state.id)) throw new AppError('participantImport.busy', 'conflict');
  starting.add(state.id);
  try {
    await startRun(deps, state, status);
  } finally {
    starting.delete(state.id);
  }
}

async function startRun(deps: Deps, state: ImportState, status: 'analysing' | 'saving') {
  const runId = randomUUID();
  Object.assign(state, { status, progress: 0, runId, error: null });
  await writeState(deps, state);
  const data: ImportJobData = { importId: state.id, runId };
  const queue = deps.jobs.boss ? await deps.jobs.boss.getQueue(IMPORT_JOB).catch(() => null) : null;
  if (queue) {
    await deps.jobs.send(IMPORT_JOB, data, { retryLimit: 1 });
  } else {
    const waiting: LiveRun = { progress: 0 };
    live.set(state.id, waiting);
    void runImport(deps, data)
      .catch((err) => console.error('participant import failed', err))
      // A run that did not start (the import changed meanwhile, the storage failed) leaves no "working" mark.
      .finally(() => {
        if (live.get(state.id) === waiting) live.delete(state.id);
      });
  }
}

export async function startDryRun(deps: Deps, auth: AuthContext, projectId: string, id: string) {
  const state = await loadState(deps, auth, projectId, id);
  if (busy(state)) throw new AppError('participantImport.busy', 'conflict');
  if (!state.mapping.includes('email'))
    throw AppError.field('mapping', 'validation.participantImport.emailColumn');
  state.locale = auth.locale;
  await start(deps, state, 'analysing');
  return present(deps, auth, state);
}

export async function save(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  sendInscription: boolean,
) {
  const state = await loadState(deps, auth, projectId, id);
  if (busy(state)) throw new AppError('participantImport.busy', 'conflict');
  if (state.status === 'uploaded') throw new AppError('participantImport.notAnalysed', 'conflict');
  state.sendInscription = sendInscription;
  state.userId = auth.userId;
  state.locale = auth.locale;
  await start(deps, state, 'saving');
  return present(deps, auth, state);
}

export async function getImport(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  query: { page?: number; problems?: boolean },
) {
  return present(deps, auth, await loadState(deps, auth, projectId, id), query);
}

// ---------- downloads ----------

export async function errorReport(deps: Deps, auth: AuthContext, projectId: string, id: string) {
  const state = await loadState(deps, auth, projectId, id);
  const t = translator(auth.locale);
  const targets = await targetsOf(deps.db, auth.companyId, projectId);
  const lines = (await rowsOf(deps, state))
    .filter((r) => r.action === 'skip')
    .map((r) => [
      r.line,
      r.email,
      r.reasons.map((x) => translateReason(x, t, targets, auth.locale)).join(' ; '),
    ]);
  const header = [
    t('participantImport.report.line'),
    t('participantImport.report.email'),
    t('participantImport.report.reasons'),
  ];
  // A BOM so that Excel reads the accents right.
  // Every cell made formula-safe: a rejected e-mail cell is whatever the file held (`=HYPERLINK(…)`).
  return `\uFEFF${stringify([header, ...lines].map((row) => row.map((cell) => csvSafe(String(cell)))))}`;
}

export async function template(deps: Deps, auth: AuthContext, projectId: string) {
  await requireProject(deps.db, auth.companyId, projectId);
  const lang = auth.locale;
  const [own, roles, groups] = await Promise.all([
    participantRepo.listOwnProfileFields(deps.db, projectId),
    participantRepo.listRoles(deps.db, projectId),
    participantRepo.listGroups(deps.db, projectId),
  ]);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(lang === 'fr' ? 'Participants' : 'Participants');
  const headers = [
    ...IMPORT_TARGETS.map((k: ImportTarget) => TEMPLATE_HEADERS[lang][k]),
    ...own.map((f) => (lang === 'fr' ? f.titleFr : f.titleEn)),
  ];
  sheet.addRow(headers).font = { bold: true };
  const name = (r?: { nameFr: string; nameEn: string }) => (r ? (lang === 'fr' ? r.nameFr : r.nameEn) : '');
  const example: Record<ImportTarget, string> = {
    email: 'camille.tremblay@example.com',
    firstName: 'Camille',
    lastName: 'Tremblay',
    organisation: lang === 'fr' ? 'Entreprise inc.' : 'Company Inc.',
    jobTitle: lang === 'fr' ? 'Directrice' : 'Director',
    phone: '+1 514 555 0123',
    phonePro: '',
    role: name(roles[0]),
    groups: groups
      .slice(0, 2)
      .map((g) => name(g))
      .join('; '),
    language: lang,
  };
  sheet.addRow([...IMPORT_TARGETS.map((k) => example[k]), ...own.map(() => '')]);
  sheet.columns.forEach((c) => {
    c.width = 22;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
