import { fileUrl } from '../../../contracts/files';
import type { Language, ListParams } from '../../../contracts/http';
import {
  type CreateParticipantValues,
  PARTICIPANT_STATUSES,
  type ParticipantStatus,
  type ParticipantValues,
  ROLE_REQUIRED,
} from '../../../contracts/participants';
import type { Executor } from '../../db/client';
import { participants } from '../../db/schema';
import { claimVersion } from '../../db/versioned-update';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { auditTrail, changedFields } from '../audit/record';
import { deliverSoon, queueMail } from '../mail/outbox';
import { renderInscriptionMail } from '../mail/templates';
import { notifyGroupChanges, notifyMembership } from '../notifications/trigger';
import { findProject as findProjectRow } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import {
  checkFiles,
  checkGroups,
  checkProfile,
  checkRole,
  personFields,
  profileRules,
  standardFields,
  withoutInactive,
} from './form-checks';
import * as repo from './repository';

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
const audit = auditTrail('participant');

/** Who acts: a signed-in user, or a sale of the public registration page (its project's company). */
type Scope = Pick<AuthContext, 'companyId'>;

type GroupRef = { participantId: string; id: string; nameFr: string; nameEn: string };

const named = (r: { id: string; nameFr: string; nameEn: string }) => ({
  id: r.id,
  name: { fr: r.nameFr, en: r.nameEn },
});

const asStatus = (s: string): ParticipantStatus =>
  (PARTICIPANT_STATUSES as readonly string[]).includes(s) ? (s as ParticipantStatus) : 'registered';

export function presentItem(row: repo.ParticipantRow, groups: GroupRef[]) {
  return {
    id: row.id,
    personId: row.personId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    organisation: row.organisation,
    role: { id: row.roleId, name: { fr: row.roleNameFr, en: row.roleNameEn } },
    groups: groups.filter((g) => g.participantId === row.id).map(named),
    status: asStatus(row.status),
    createdAt: row.createdAt,
  };
}

function presentOne(row: repo.ParticipantRow, groups: GroupRef[]) {
  return {
    ...presentItem(row, groups),
    jobTitle: row.jobTitle,
    phone: row.phone,
    phonePro: row.phonePro,
    language: row.language as Language,
    profile: row.profile,
    inscriptionSentAt: row.inscriptionSentAt,
    pictureFileId: row.pictureFileId,
    cv: row.cvFileId ? { id: row.cvFileId, url: fileUrl(row.cvFileId), name: row.cvName } : null,
    videoUrl: row.videoUrl,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

async function requireProject(db: Executor, auth: Scope, projectId: string) {
  const project = await repo.findProject(db, auth.companyId, projectId);
  if (!project) throw AppError.notFound();
  return project;
}

async function loadOne(db: Executor, auth: AuthContext, projectId: string, id: string) {
  const row = await repo.findParticipant(db, auth.companyId, projectId, id);
  if (!row) throw AppError.notFound();
  return presentOne(row, await repo.listGroupsOf(db, [row.id]));
}

export async function listParticipants(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  params: ListParams & { roleId?: string; groupId?: string; status?: ParticipantStatus },
) {
  // The project check comes with the count: the list's queries are scoped to the company and project, so a project
  // of another company reads nothing before the 404.
  const { projectFound, ...page } = await repo.listParticipants(deps.db, auth.companyId, projectId, {
    ...params,
    language: auth.locale,
  });
  if (!projectFound) throw AppError.notFound();
  const groups = await repo.listGroupsOf(
    deps.db,
    page.items.map((p) => p.id),
  );
  return { ...page, items: page.items.map((row) => presentItem(row, groups)) };
}

/** The project's defaults for a new participant: its default role (null when none) and default language. */
async function projectDefaults(db: Executor, auth: Scope, projectId: string) {
  const project = await findProjectRow(db, auth.companyId, projectId);
  if (!project) throw AppError.notFound();
  return {
    defaultRoleId: project.defaultRoleId,
    defaultLanguage: (project.defaultLanguage === 'en' ? 'en' : 'fr') as Language,
  };
}

export async function getFormOptions(deps: Deps, auth: AuthContext, projectId: string) {
  const defaults = await projectDefaults(deps.db, auth, projectId);
  const [roles, groups, fields, rules, standard] = await Promise.all([
    repo.listRoles(deps.db, projectId),
    repo.listGroups(deps.db, projectId),
    repo.listOwnProfileFields(deps.db, projectId),
    profileRules(deps.db, auth.companyId, projectId),
    standardFields(deps.db, auth.companyId, projectId),
  ]);
  return {
    roles: roles.map(named),
    // A default role is always one of the project's (foreign key); checked all the same.
    defaultRoleId: roles.some((r) => r.id === defaults.defaultRoleId) ? defaults.defaultRoleId : null,
    defaultLanguage: defaults.defaultLanguage,
    groups: groups.map(named),
    profileFields: fields.map((f) => ({
      id: f.id,
      title: { fr: f.titleFr, en: f.titleEn },
      inputType: f.inputType,
      isMandatory: f.isMandatory,
      isEditable: f.isEditable,
      isShownOnView: f.isShownOnView,
    })),
    standardFields: standard,
    requiredFields: rules
      .filter((r) => r.standardKey && r.isActive && r.isMandatory)
      .map((r) => r.standardKey as string),
  };
}

export function getParticipant(deps: Deps, auth: AuthContext, projectId: string, id: string) {
  return loadOne(deps.db, auth, projectId, id);
}

/**
 * The participant's groups become exactly these; the automatic notifications of the groups joined and left (J5) are
 * queued in the same transaction.
 */
async function saveGroups(
  deps: Deps,
  tx: Executor,
  scope: { companyId: string; projectId: string },
  id: string,
  groupIds: string[],
) {
  await notifyGroupChanges(deps, tx, scope, id, await repo.setGroupsOf(tx, id, [...new Set(groupIds)]));
}

const duplicate = () => new AppError('participants.alreadyInProject', 'conflict', { field: 'email' });

/**
 * U2: add a participant; the person of the company with the same e-mail is reused and brought up to date. Without
 * a role the participant gets the project's default role ('empty role' when there is none); without a language,
 * the project's default language.
 */
export async function createParticipant(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  body: CreateParticipantValues,
) {
  const created = await deps.db.transaction(async (tx) => {
    const id = await createParticipantIn(deps, tx, auth, projectId, body);
    const made = await loadOne(tx, auth, projectId, id);
    await audit(tx, auth, { action: 'create', projectId, entityId: id, label: nameOf(made) });
    return made;
  });
  if (body.sendInscription || body.groupIds?.length) await deliverSoon(deps);
  return created;
}

/**
 * `createParticipant` in the caller's transaction (the public registration page's sales use it too); answers the new
 * participant's id. The caller calls `deliverSoon` after its commit.
 */
export async function createParticipantIn(
  deps: Deps,
  tx: Executor,
  auth: Scope,
  projectId: string,
  body: CreateParticipantValues,
) {
  const project = await requireProject(tx, auth, projectId);
  const defaults = await projectDefaults(tx, auth, projectId);
  const roleId = body.roleId || defaults.defaultRoleId;
  if (!roleId) throw AppError.field('roleId', ROLE_REQUIRED);
  const input: ParticipantValues & { sendInscription: boolean } = {
    ...body,
    roleId,
    language: body.language ?? defaults.defaultLanguage,
  };
  await checkRole(tx, projectId, input.roleId);
  await checkGroups(tx, projectId, input.groupIds);
  const profile = await checkProfile(tx, auth.companyId, projectId, input, {});
  await checkFiles(tx, auth.companyId, input);
  const fields = await withoutInactive(tx, auth.companyId, projectId, personFields(input));
  const existing = await repo.findPersonByEmail(tx, auth.companyId, input.email);
  let personId: string;
  if (existing) {
    if (await repo.isRegistered(tx, projectId, existing.id)) throw duplicate();
    // The e-mail keeps the spelling the person was known by; a field this form left empty keeps what another
    // project knows (as the import does): adding someone never erases their details elsewhere.
    const { email: _same, ...others } = fields;
    const filled = Object.fromEntries(
      Object.entries(others).filter(([, value]) => value !== null && value !== undefined && value !== ''),
    ) as typeof others;
    await repo.updatePerson(tx, auth.companyId, existing.id, filled);
    personId = existing.id;
  } else {
    // A new person always has a language (their e-mails' one): the project's when the field is inactive.
    const language = fields.language ?? defaults.defaultLanguage;
    personId = (await repo.insertPerson(tx, auth.companyId, { ...fields, language })).id;
  }
  const { id } = await repo.insertParticipant(tx, {
    companyId: auth.companyId,
    projectId,
    personId,
    roleId: input.roleId,
    status: input.status,
    profile,
  });
  if (input.groupIds)
    await saveGroups(deps, tx, { companyId: auth.companyId, projectId }, id, input.groupIds);
  if (input.sendInscription) await inscribe(tx, auth, project, id, deps.now());
  return id;
}

/** U1: the edition panel saves the person's fields (shared by their projects) and this registration. */
export async function updateParticipant(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  input: ParticipantValues,
) {
  const updated = await deps.db.transaction(async (tx) => {
    // RS4: claims the registration first (docs/conflicts.md); the person's fields are saved under that claim.
    await claimVersion(tx, auth, { table: participants, id, projectId }, input.version);
    const current = await repo.findParticipant(tx, auth.companyId, projectId, id);
    if (!current) throw AppError.notFound();
    const before = presentOne(current, await repo.listGroupsOf(tx, [id]));
    await checkRole(tx, projectId, input.roleId);
    await checkGroups(tx, projectId, input.groupIds);
    const profile = await checkProfile(tx, auth.companyId, projectId, input, current.profile);
    await checkFiles(tx, auth.companyId, input);
    if (await repo.emailTakenByOther(tx, auth.companyId, current.personId, input.email)) {
      throw new AppError('participants.emailTaken', 'conflict', { field: 'email' });
    }
    await repo.updatePerson(
      tx,
      auth.companyId,
      current.personId,
      await withoutInactive(tx, auth.companyId, projectId, personFields(input)),
    );
    await repo.updateParticipantRow(tx, auth.companyId, projectId, id, {
      roleId: input.roleId,
      status: input.status,
      profile,
    });
    if (input.groupIds)
      await saveGroups(deps, tx, { companyId: auth.companyId, projectId }, id, input.groupIds);
    const after = await loadOne(tx, auth, projectId, id);
    const fields = changedFields(before, after);
    await audit(tx, auth, { action: 'update', projectId, entityId: id, label: nameOf(after), fields });
    return after;
  });
  if (input.groupIds) await deliverSoon(deps);
  return updated;
}

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export async function deleteParticipants(deps: Deps, auth: AuthContext, projectId: string, ids: string[]) {
  return deps.db.transaction(async (tx) => {
    await requireProject(tx, auth, projectId);
    // One participant is named in the audit log; a bulk deletion is one event with its count.
    const one =
      ids.length === 1 ? await repo.findParticipant(tx, auth.companyId, projectId, ids[0]) : undefined;
    const deleted = await repo.deleteParticipants(tx, auth.companyId, projectId, ids);
    const label = one ? nameOf(one) : '';
    if (deleted)
      await audit(tx, auth, { action: 'delete', projectId, entityId: one?.id, label, count: deleted });
    return { deleted };
  });
}

export async function addToGroup(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  ids: string[],
  groupId: string,
) {
  const result = await deps.db.transaction(async (tx) => {
    await requireProject(tx, auth, projectId);
    if (!(await repo.findGroup(tx, projectId, groupId))) {
      throw AppError.field('groupId', 'validation.participants.groupRequired');
    }
    const added = await repo.addToGroup(tx, auth.companyId, projectId, ids, groupId);
    if (added.length)
      await audit(tx, auth, { action: 'update', projectId, fields: ['groups'], count: added.length });
    await notifyMembership(deps, tx, {
      companyId: auth.companyId,
      projectId,
      kind: 'group',
      targetId: groupId,
      direction: 'in',
      participantIds: added,
    });
    return { added: added.length };
  });
  await deliverSoon(deps);
  return result;
}

type ProjectForMail = NonNullable<Awaited<ReturnType<typeof repo.findProject>>>;

/** Queues the inscription e-mail (at most once per participant: dedupe key) and notes when, in the caller's transaction. */
export async function inscribe(
  tx: Executor,
  auth: Scope,
  project: ProjectForMail,
  participantId: string,
  now: Date,
) {
  const row = await repo.findParticipant(tx, auth.companyId, project.id, participantId);
  if (!row) throw AppError.notFound();
  const language = row.language as Language;
  const content = renderInscriptionMail({
    language,
    firstName: row.firstName,
    lastName: row.lastName,
    projectName: language === 'en' ? project.nameEn : project.nameFr,
    startsOn: project.startsOn,
    endsOn: project.endsOn,
    timeZone: project.timeZone,
    contactEmail: project.supportEmail ?? project.projectEmail,
  });
  const { queued } = await queueMail(tx, {
    companyId: auth.companyId,
    projectId: project.id,
    kind: 'inscription',
    dedupeKey: `inscription:${participantId}`,
    to: { email: row.email, name: `${row.firstName} ${row.lastName}` },
    language,
    ...content,
  });
  if (queued) {
    await repo.updateParticipantRow(tx, auth.companyId, project.id, participantId, {
      inscriptionSentAt: now,
    });
  }
  return { queued, inscriptionSentAt: queued ? now : (row.inscriptionSentAt ?? now) };
}

export async function sendInscription(deps: Deps, auth: AuthContext, projectId: string, id: string) {
  const result = await deps.db.transaction(async (tx) => {
    const project = await requireProject(tx, auth, projectId);
    return inscribe(tx, auth, project, id, deps.now());
  });
  if (result.queued) await deliverSoon(deps);
  return result;
}

/** U1 info window: the outbox messages sent to this participant in this project. */
export async function listEmails(deps: Deps, auth: AuthContext, projectId: string, id: string) {
  const row = await repo.findParticipant(deps.db, auth.companyId, projectId, id);
  if (!row) throw AppError.notFound();
  return { items: await repo.listEmailsTo(deps.db, auth.companyId, projectId, row.email) };
}
