import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { participantGroups, participants, persons } from '../../db/schema';
import type { Deps } from '../../deps';
import { notifyMemberships } from '../notifications/trigger';
import { inscribe } from '../participants/service';
import type { AuthContext } from '../session/auth-context';
import { type ImportState, live, requireProject } from '../spreadsheet-import/state';
import { writeImportedAnswers } from './answer-columns';
import type { ValidRow } from './row-checks';

/**
 * The writing of a batch of participants (U3), in the save's transaction: one statement per table.
 */

const column = <T>(rows: ValidRow[], value: (r: ValidRow) => T) => sql.param(rows.map(value));

/**
 * Writes the valid rows of one batch with one statement per table (`insert … select from unnest(…)`), in the
 * caller's transaction. A save that checked the rows in its own transaction (`meanwhile: 'merge'`) takes a
 * registration or membership made since (another process) as the one to update; a save that reuses the dry run's
 * checks (`'refuse'`) inserts plainly, and any such conflict ends its transaction (checked again from the file).
 */
async function write(
  tx: Executor,
  state: ImportState,
  valid: ValidRow[],
  meanwhile: 'merge' | 'refuse',
): Promise<{ targetId: string; participantId: string }[]> {
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
    // RS4: a form opened before on one of these participants now hears who changed it, instead of saving back the
    // names it loaded (docs/conflicts.md).
    await tx.execute(sql`
      update ${participants} set version = version + 1, updated_by = ${state.userId}::uuid, updated_at = now()
      where project_id = ${projectId} and company_id = ${companyId}
        and person_id = any(${column(changed, (r) => r.personId)}::uuid[])`);
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
      update ${participants} x set role_id = v.role_id, profile = v.profile, updated_at = now(),
        version = x.version + 1, updated_by = ${state.userId}::uuid
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
  if (!member.length) return [];
  // The memberships made (not those there already): their automatic notifications go in this transaction (J5).
  const joined = await tx.execute(sql`
      insert into ${participantGroups} (participant_id, group_id)
      select * from unnest(${sql.param(member)}::uuid[], ${sql.param(group)}::uuid[])
      ${onConflict} returning participant_id, group_id`);
  return (joined as unknown as { rows: { participant_id: string; group_id: string }[] }).rows.map((row) => ({
    targetId: row.group_id,
    participantId: row.participant_id,
  }));
}

/**
 * Writes the valid rows of a batch and, when asked, queues their inscription e-mails (a participant who never had
 * one), in the save's transaction.
 */
export async function writeParticipants(
  deps: Deps,
  tx: Executor,
  state: ImportState,
  valid: ValidRow[],
  meanwhile: 'merge' | 'refuse',
  onProgress: (percent: number) => Promise<void>,
) {
  const joined = await write(tx, state, valid, meanwhile);
  await notifyMemberships(deps, tx, {
    companyId: state.companyId,
    projectId: state.projectId,
    kind: 'group',
    direction: 'in',
    pairs: joined,
  });
  // Q1: the answers the rows change, once every row has its registration.
  if (await writeImportedAnswers(tx, state, valid)) state.answersWritten = true;
  if (!state.sendInscription) return;
  const project = await requireProject(tx, state.companyId, state.projectId);
  const auth = { companyId: state.companyId, userId: state.userId, locale: state.locale } as AuthContext;
  // Progress is noted as the e-mails are queued too: a long run is never taken for an interrupted one.
  for (const [index, r] of valid.entries()) {
    if (r.participantId && !r.inscriptionSentAt)
      await inscribe(tx, auth, project, r.participantId, deps.now());
    if (index % 200 === 199) await onProgress(live.get(state.id)?.progress ?? 0);
  }
}
