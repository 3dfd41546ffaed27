import { type ActivityHostValues, hostEmail } from '../../../contracts/activity-hosts';
import type { Language } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { assertProject } from '../activities/category-service';
import { deliverSoon, queueMail } from '../mail/outbox';
import type { AuthContext } from '../session/auth-context';
import { renderHostMail } from './mail';
import * as repo from './repository';

/** V5: the hosts of an activity. A host is linked to the participant of the project who has their e-mail. */

const presentHost = (row: repo.HostRow) => ({ ...row });

async function assertActivity(db: Executor, auth: AuthContext, projectId: string, activityId: string) {
  await assertProject(db, auth, projectId);
  if (!(await repo.lockActivity(db, auth.companyId, projectId, activityId))) throw AppError.notFound();
}

async function loadHost(
  db: Executor,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  hostId: string,
) {
  const row = await repo.findHost(db, auth.companyId, projectId, activityId, hostId);
  if (!row) throw AppError.notFound();
  return row;
}

export async function listHosts(deps: Deps, auth: AuthContext, projectId: string, activityId: string) {
  return deps.db.transaction(async (tx) => {
    await assertActivity(tx, auth, projectId, activityId);
    const rows = await repo.listHosts(tx, auth.companyId, projectId, activityId);
    return { items: rows.map(presentHost) };
  });
}

async function hostFields(tx: Executor, auth: AuthContext, projectId: string, input: ActivityHostValues) {
  return {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    participantId: await repo.findParticipantByEmail(tx, auth.companyId, projectId, input.email),
  };
}

export async function createHost(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  input: ActivityHostValues,
) {
  return deps.db.transaction(async (tx) => {
    await assertActivity(tx, auth, projectId, activityId);
    if (await repo.emailTaken(tx, activityId, input.email)) {
      throw AppError.field('email', 'validation.activityHosts.emailTaken');
    }
    const fields = await hostFields(tx, auth, projectId, input);
    const id = await repo.insertHost(tx, { companyId: auth.companyId, projectId, activityId }, fields);
    return presentHost(await loadHost(tx, auth, projectId, activityId, id));
  });
}

export async function updateHost(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  hostId: string,
  input: ActivityHostValues,
) {
  return deps.db.transaction(async (tx) => {
    await assertActivity(tx, auth, projectId, activityId);
    await loadHost(tx, auth, projectId, activityId, hostId);
    if (await repo.emailTaken(tx, activityId, input.email, hostId)) {
      throw AppError.field('email', 'validation.activityHosts.emailTaken');
    }
    await repo.updateHost(tx, hostId, await hostFields(tx, auth, projectId, input));
    return presentHost(await loadHost(tx, auth, projectId, activityId, hostId));
  });
}

export async function deleteHost(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  hostId: string,
) {
  await deps.db.transaction(async (tx) => {
    await assertActivity(tx, auth, projectId, activityId);
    await loadHost(tx, auth, projectId, activityId, hostId);
    await repo.deleteHost(tx, hostId);
  });
  return { ok: true as const };
}

/**
 * The spec's GetEmailIsExist: whether the text is an e-mail address and, when a person of the company has it, their
 * names (to prefill the host's name fields).
 */
export async function lookupEmail(deps: Deps, auth: AuthContext, projectId: string, text: string) {
  await assertProject(deps.db, auth, projectId);
  const parsed = hostEmail.safeParse(text);
  if (!parsed.success) return { valid: false, email: text.trim(), firstName: null, lastName: null };
  const person = await repo.findPersonByEmail(deps.db, auth.companyId, parsed.data);
  return {
    valid: true,
    email: parsed.data,
    firstName: person?.firstName ?? null,
    lastName: person?.lastName ?? null,
  };
}

/**
 * The spec's SendMailToHost: a message in the host's language (the person's of the company with that e-mail), else
 * in the project's default language, queued in the outbox. The answer's title is for the organiser, in theirs.
 */
export async function sendHostMail(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  hostId: string,
) {
  const host = await deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const context = await repo.findMailContext(tx, auth.companyId, projectId, activityId);
    if (!context) throw AppError.notFound();
    const row = await loadHost(tx, auth, projectId, activityId, hostId);
    const person = await repo.findPersonByEmail(tx, auth.companyId, row.email);
    const language = (person?.language ?? context.defaultLanguage) as Language;
    const fr = language === 'fr';
    const mail = renderHostMail({
      language,
      firstName: row.firstName,
      activityTitle: fr ? context.titleFr : context.titleEn,
      projectName: fr ? context.projectNameFr : context.projectNameEn,
      startsAt: context.noDate ? null : context.startsAt,
      durationMinutes: context.durationMinutes,
      timeZone: context.timeZone,
      location: context.location,
      contactEmail: context.projectEmail,
    });
    await queueMail(tx, {
      companyId: auth.companyId,
      projectId,
      kind: 'activityHost',
      to: { email: row.email, name: `${row.firstName} ${row.lastName}` },
      language,
      ...mail,
    });
    return row;
  });
  await deliverSoon(deps);
  const t = translator(auth.locale);
  return {
    success: true,
    title: t('activities.hosts.mailSent', {
      name: `${host.firstName} ${host.lastName}`,
      address: host.email,
    }),
  };
}
