import { fileUrl } from '../../../contracts/files';
import { decodeMessage, type Language, type ListParams } from '../../../contracts/http';
import {
  type CreateParticipantValues,
  PARTICIPANT_STATUSES,
  type ParticipantStatus,
  type ParticipantValues,
  ROLE_REQUIRED,
} from '../../../contracts/participants';
import {
  isLockedField,
  type ProfileFieldRule,
  participantProfileSchema,
  STANDARD_FIELD_KEYS,
} from '../../../contracts/profile-fields';
import type { Executor } from '../../db/client';
import { participants } from '../../db/schema';
import { claimVersion } from '../../db/versioned-update';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { auditTrail, changedFields } from '../audit/record';
import { findFileToReference } from '../files/repository';
import { deliverSoon, queueMail } from '../mail/outbox';
import { renderInscriptionMail } from '../mail/templates';
import { notifyGroupChanges, notifyMembership } from '../notifications/trigger';
import { itemsOfField, listFieldRows, listProjectItemRows } from '../profile-fields/repository';
import { findProject as findProjectRow } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
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
  // The project check runs beside the page and its count (on a server: three connections at once): the list's
  // queries are scoped to the company and project, so a project of another company reads nothing before the 404.
  const [, page] = await Promise.all([
    requireProject(deps.db, auth, projectId),
    repo.listParticipants(deps.db, auth.companyId, projectId, { ...params, language: auth.locale }),
  ]);
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

/**
 * The standard fields with their switches, every key once: a field whose row is not created yet is active, optional
 * and shown on view (as it will be created); names and e-mail are always active and mandatory.
 */
async function standardFields(db: Executor, companyId: string, projectId: string) {
  const rows = (await listFieldRows(db, companyId, projectId)).filter((f) => f.standardKey !== null);
  return STANDARD_FIELD_KEYS.map((key) => {
    const row = rows.find((f) => f.standardKey === key);
    const locked = isLockedField({ standardKey: key });
    return {
      key,
      isActive: locked || (row?.isActive ?? true),
      isMandatory: locked || (row?.isMandatory ?? false),
      isShownOnView: row?.isShownOnView ?? true,
    };
  });
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

/** The standard fields the participant form has: all but the picture, CV and video, edited elsewhere. */
const MEDIA_KEYS: readonly string[] = ['pictureFileId', 'cvFileId', 'videoUrl'];
const FORM_STANDARD_KEYS: readonly string[] = STANDARD_FIELD_KEYS.filter((key) => !MEDIA_KEYS.includes(key));

export async function profileRules(
  db: Executor,
  companyId: string,
  projectId: string,
): Promise<ProfileFieldRule[]> {
  const rows = await listFieldRows(db, companyId, projectId);
  const items = await listProjectItemRows(db, companyId, projectId);
  return rows
    .filter((f) => f.standardKey === null || FORM_STANDARD_KEYS.includes(f.standardKey))
    .map((f) => ({
      id: f.id,
      standardKey: f.standardKey as ProfileFieldRule['standardKey'],
      inputType: f.inputType as ProfileFieldRule['inputType'],
      isActive: f.isActive,
      isMandatory: f.isMandatory,
      // The answers a choice field takes (U5): its items, named by id or by label.
      items: itemsOfField(items, f.id),
    }));
}

/**
 * U5: the values checked against the project's profile-field configuration (a mandatory field needs a value, each
 * value follows its type); values of unknown or inactive own fields are not taken, those saved earlier for fields
 * since deactivated are kept. The first broken rule is shown under its field.
 */
export async function checkProfile(
  db: Executor,
  companyId: string,
  projectId: string,
  input: ParticipantValues,
  saved: Record<string, string>,
) {
  const rules = await profileRules(db, companyId, projectId);
  const parsed = participantProfileSchema(rules).safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const { key, values } = decodeMessage(issue.message);
    throw AppError.field(
      issue.path.join('.'),
      key.startsWith('validation.') ? key : 'validation.invalid',
      values,
    );
  }
  const profile = { ...saved };
  for (const rule of rules) {
    if (rule.standardKey || !rule.isActive) continue;
    const value = parsed.data.profile[rule.id];
    if (value) profile[rule.id] = value;
    else delete profile[rule.id];
  }
  return profile;
}

async function checkRole(db: Executor, projectId: string, roleId: string) {
  if (!(await repo.findRole(db, projectId, roleId))) throw AppError.field('roleId', ROLE_REQUIRED);
}

/** The person's columns of a participant form's values (the import builds its rows with it too). */
export const personFields = (input: ParticipantValues): repo.PersonFields => ({
  email: input.email,
  firstName: input.firstName,
  lastName: input.lastName,
  organisation: input.organisation ?? null,
  jobTitle: input.jobTitle ?? null,
  phone: input.phone,
  phonePro: input.phonePro,
  language: input.language,
  // Left out: kept as they are (null removes them).
  ...(input.pictureFileId !== undefined ? { pictureFileId: input.pictureFileId } : {}),
  ...(input.cvFileId !== undefined ? { cvFileId: input.cvFileId } : {}),
  ...(input.videoUrl !== undefined ? { videoUrl: input.videoUrl } : {}),
});

/**
 * U5: the standard fields switched inactive are not written: whatever the request holds (the form does not show
 * them, an API caller may leave them out), the person keeps the values they had.
 */
async function withoutInactive(
  db: Executor,
  companyId: string,
  projectId: string,
  fields: repo.PersonFields,
): Promise<repo.PersonFields> {
  const kept = { ...fields } as Record<string, unknown>;
  for (const field of await standardFields(db, companyId, projectId)) {
    if (!field.isActive) delete kept[field.key];
  }
  return kept as repo.PersonFields;
}

/** The groups asked for must all be groups of the project (a field error names `groupIds` otherwise). */
async function checkGroups(tx: Executor, projectId: string, groupIds: string[] | undefined) {
  if (!groupIds?.length) return;
  const unique = [...new Set(groupIds)];
  if ((await repo.findGroups(tx, projectId, unique)).length !== unique.length) {
    throw AppError.field('groupIds', 'validation.participants.groupRequired');
  }
}

/**
 * The picture and CV must be files of the company stored for that purpose (E8 `participant.picture`, a PDF of
 * `participant.cv`); locked until the transaction ends so they cannot be deleted meanwhile.
 */
async function checkFiles(tx: Executor, companyId: string, input: ParticipantValues) {
  if (
    input.pictureFileId &&
    !(await findFileToReference(tx, companyId, input.pictureFileId, 'participant.picture'))
  ) {
    throw AppError.field('pictureFileId', 'validation.participants.picture');
  }
  if (input.cvFileId && !(await findFileToReference(tx, companyId, input.cvFileId, 'participant.cv'))) {
    throw AppError.field('cvFileId', 'validation.participants.cv');
  }
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
