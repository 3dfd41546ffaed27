import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ImportAction } from '../../../contracts/participant-import';
import type { Executor } from '../../db/client';
import { participantGroups, participants, persons } from '../../db/schema';
import type { Deps } from '../../deps';
import { databaseErrorCode } from '../../http/errors';
import { deliverSoon } from '../mail/outbox';
import { inscribe } from '../participants/service';
import type { AuthContext } from '../session/auth-context';
import { analyse } from './dry-run';
import { type CheckedBatch, checkContext, loadExisting, stampOf, type ValidRow } from './row-checks';
import {
  checkedKey,
  type ImportState,
  keepSkippedRows,
  live,
  type RunContext,
  requireProject,
} from './state';

/**
 * The save, in one transaction: the dry run's checked batches written as they are while they still hold, else the
 * file checked again and written batch by batch.
 */

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

/**
 * The save's work (see `runImport`): the dry run's checked rows when they still hold, else the file checked again
 * and written batch by batch, in one transaction for the whole file. False when a newer run took over meanwhile
 * (nothing of the outcome noted); else the state holds it.
 */
export async function saveRows(deps: Deps, state: ImportState, run: RunContext) {
  const saved =
    (await saveChecked(deps, state, run.onProgress)) ??
    // The project or a person changed since the dry run: each batch is checked again, then written, as the
    // file is read, in one transaction for the whole file.
    (await deps.db.transaction(async (tx) => {
      const project = await requireProject(tx, state.companyId, state.projectId);
      return analyse(tx, run.bytes, state, run.onProgress, ({ valid }) =>
        writeBatch(deps, tx, state, project, valid, 'merge', run.onProgress),
      );
    }));
  if (await run.superseded()) return false;
  // Only the skipped rows are kept (the error report): the others are now in the project.
  await keepSkippedRows(deps, state.id, saved.stored ?? undefined);
  Object.assign(state, { summary: saved.summary, status: 'done', progress: 100, error: null });
  state.checked = undefined;
  if (state.sendInscription) await deliverSoon(deps);
  return true;
}
