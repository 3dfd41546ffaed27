import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { encodeMessage } from '../../../contracts/http';
import { participantInput, ROLE_REQUIRED } from '../../../contracts/participants';
import { normalisePhone } from '../../../contracts/phone';
import { participantProfileSchema } from '../../../contracts/profile-fields';
import type { ImportAction } from '../../../contracts/spreadsheet-import';
import type { Executor } from '../../db/client';
import { participantGroups, participants, persons } from '../../db/schema';
import { personFields, profileRules } from '../participants/form-checks';
import * as participantRepo from '../participants/repository';
import { findProject as findProjectRow } from '../projects/repository';
import { artefactReasons } from '../spreadsheet-import/artefacts';
import { cached, hash } from '../spreadsheet-import/cell-cache';
import { nameLookup, readLanguage } from '../spreadsheet-import/headers';
import { lineOf, type SheetRow } from '../spreadsheet-import/read';
import type { ImportState, StoredReason, StoredRow } from '../spreadsheet-import/state';
import { answerContext, loadAnswers, readAnswers } from './answer-columns';

/**
 * The checks of a row of a file (U3): the participant rules, roles, groups, profile rules and duplicates, checked a
 * batch at a time against what the database holds, with the stamps and fingerprint that let the save reuse them.
 */

/**
 * The version of the checks of a row and of what a dry run keeps of them: bumped whenever `checkBatch`, the name and
 * header matching or the participant rules change, so that a dry run made before an upgrade is checked again.
 */
const CHECKS_VERSION = 4;

export interface ValidRow {
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
  /** Q1: the questions whose answers the row changes, with the choices to write. */
  answers: Record<string, string[]>;
  inscriptionSentAt: Date | null;
}

/** A valid row as the dry run keeps it in the storage (`checkedKey`, JSON). */
export type KeptRow = Omit<ValidRow, 'stored' | 'inscriptionSentAt'> & { inscriptionSentAt: string | null };

interface Existing {
  person: typeof persons.$inferSelect;
  participantId: string | null;
  roleId: string | null;
  profile: Record<string, string>;
  inscriptionSentAt: Date | null;
  groupIds: Set<string>;
  /** Q1: the answers by question (read only when the file has question columns). */
  answers?: Record<string, string[]>;
}

export async function loadExisting(
  db: Executor,
  companyId: string,
  projectId: string,
  emails: string[],
  withAnswers = false,
) {
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
  const answers = withAnswers ? await loadAnswers(db, projectId, participantIds) : null;
  for (const r of rows) {
    found.set(r.person.email.toLowerCase(), {
      person: r.person,
      participantId: r.participantId,
      roleId: r.roleId,
      profile: r.profile ?? {},
      inscriptionSentAt: r.inscriptionSentAt,
      groupIds: new Set(memberships.filter((m) => m.participantId === r.participantId).map((m) => m.groupId)),
      ...(answers && { answers: (r.participantId && answers.get(r.participantId)) || {} }),
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
export async function checkContext(db: Executor, state: ImportState) {
  // One after the other: in the save, `db` is a transaction, one connection.
  const roles = await participantRepo.listRoles(db, state.projectId);
  const groups = await participantRepo.listGroups(db, state.projectId);
  const rules = await profileRules(db, state.companyId, state.projectId);
  const project = await findProjectRow(db, state.companyId, state.projectId);
  const answers = await answerContext(db, state.projectId, state.mapping);
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
      answers.fingerprint,
    ]),
    /** Q1: the question columns. */
    answers,
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

/** What the database holds of a person and their registration, as the checks of a row read it. */
export const stampOf = (found: Existing | undefined) =>
  found
    ? hash([
        found.person,
        found.participantId,
        found.roleId,
        found.profile,
        found.inscriptionSentAt,
        [...found.groupIds].sort(),
        found.answers ?? null,
      ])
    : '';

/** Checks one batch of rows of the file against what the database holds (one lookup for the batch). */
export async function checkBatch(db: Executor, state: ImportState, ctx: CheckContext, batch: string[][]) {
  const { roleOf, defaultRoleId, defaultLanguage, groupOf, profileSchema, column, seen, languageOf } = ctx;
  const withAnswers = ctx.answers.columns.length > 0;
  const stored: StoredRow[] = [];
  const valid: ValidRow[] = [];
  /** E-mails first seen in this batch, with the stamp of what the database holds of them (see below). */
  const stamps: [string, string][] = [];
  const cell = (row: string[], target: string) => {
    const i = column.get(target);
    return i === undefined ? undefined : (row[i] ?? '').trim();
  };
  const emails = [...new Set(batch.map((row) => (cell(row, 'email') ?? '').toLowerCase()).filter(Boolean))];
  const existing = await loadExisting(db, state.companyId, state.projectId, emails, withAnswers);
  for (const row of batch) {
    const line = lineOf(row, 0);
    // A cell that lost characters on its way (U+FFFD, UTF-8 read as Windows-1252) is not saved as it is: the row is
    // refused under that cell's column.
    const reasons: StoredReason[] = artefactReasons(row, column);
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

    // Q1: the question columns, asked as the participant will be (their role and groups after this row).
    const answers = withAnswers
      ? readAnswers(
          ctx.answers,
          row,
          { roleId, groupIds: new Set([...(found?.groupIds ?? []), ...wanted]) },
          found?.answers,
        )
      : { changes: {}, errors: [], warnings: [] };
    reasons.push(...answers.errors);

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
      stored.push({ line, action: 'skip', reasons: [...reasons, ...answers.warnings], email, name });
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
    const answersChanged = Object.keys(answers.changes).length > 0;
    const action: ImportAction = !registered
      ? 'create'
      : personChanged || participantChanged || newGroupIds.length || answersChanged
        ? 'update'
        : 'unchanged';
    // A saved row's reasons are its warnings.
    const entry: StoredRow = { line, action, reasons: answers.warnings, email, name };
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
      answers: answers.changes,
      inscriptionSentAt: found?.inscriptionSentAt ?? null,
    });
  }
  return { stored, valid, stamps };
}

export type Checked = Awaited<ReturnType<typeof checkBatch>>;
