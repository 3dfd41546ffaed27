import { fileUrl } from '../../../contracts/files';
import { decodeMessage, type Language, type ListParams } from '../../../contracts/http';
import {
  PARTICIPANT_STATUSES,
  type ParticipantStatus,
  type ParticipantValues,
  ROLE_REQUIRED,
} from '../../../contracts/participants';
import { type ProfileFieldRule, participantProfileSchema } from '../../../contracts/profile-fields';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { findFileToReference } from '../files/repository';
import { deliverSoon, queueMail } from '../mail/outbox';
import { renderInscriptionMail } from '../mail/templates';
import { listFieldRows, listProjectItemRows } from '../profile-fields/repository';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

type GroupRef = { participantId: string; id: string; nameFr: string; nameEn: string };

const named = (r: { id: string; nameFr: string; nameEn: string }) => ({
  id: r.id,
  name: { fr: r.nameFr, en: r.nameEn },
});

const asStatus = (s: string): ParticipantStatus =>
  (PARTICIPANT_STATUSES as readonly string[]).includes(s) ? (s as ParticipantStatus) : 'registered';

function presentItem(row: repo.ParticipantRow, groups: GroupRef[]) {
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
  };
}

async function requireProject(db: Executor, auth: AuthContext, projectId: string) {
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
  await requireProject(deps.db, auth, projectId);
  const page = await repo.listParticipants(deps.db, auth.companyId, projectId, {
    ...params,
    language: auth.locale,
  });
  const groups = await repo.listGroupsOf(
    deps.db,
    page.items.map((p) => p.id),
  );
  return { ...page, items: page.items.map((row) => presentItem(row, groups)) };
}

export async function getFormOptions(deps: Deps, auth: AuthContext, projectId: string) {
  await requireProject(deps.db, auth, projectId);
  const [roles, groups, fields, rules] = await Promise.all([
    repo.listRoles(deps.db, projectId),
    repo.listGroups(deps.db, projectId),
    repo.listOwnProfileFields(deps.db, projectId),
    profileRules(deps.db, auth.companyId, projectId),
  ]);
  return {
    roles: roles.map(named),
    groups: groups.map(named),
    profileFields: fields.map((f) => ({
      id: f.id,
      title: { fr: f.titleFr, en: f.titleEn },
      inputType: f.inputType,
      isMandatory: f.isMandatory,
      isEditable: f.isEditable,
      isShownOnView: f.isShownOnView,
    })),
    requiredFields: rules
      .filter((r) => r.standardKey && r.isActive && r.isMandatory)
      .map((r) => r.standardKey as string),
  };
}

export function getParticipant(deps: Deps, auth: AuthContext, projectId: string, id: string) {
  return loadOne(deps.db, auth, projectId, id);
}

/** The standard fields the participant form has (picture, CV and video are edited elsewhere). */
const FORM_STANDARD_KEYS = [
  'firstName',
  'lastName',
  'email',
  'organisation',
  'jobTitle',
  'phone',
  'phonePro',
  'language',
];

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
      items: items
        .filter((item) => item.fieldId === f.id)
        .map((item) => ({ id: item.id, label: { fr: item.labelFr, en: item.labelEn } })),
    }));
}

/**
 * U5: the values checked against the project's profile-field configuration (a mandatory field needs a value, each
 * value follows its type); values of unknown or inactive own fields are not taken, those saved earlier for fields
 * since deactivated are kept. The first broken rule is shown under its field.
 */
async function checkProfile(
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

const personFields = (input: ParticipantValues): repo.PersonFields => ({
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

const duplicate = () => new AppError('participants.alreadyInProject', 'conflict', { field: 'email' });

/** U2: add a participant; the person of the company with the same e-mail is reused and brought up to date. */
export async function createParticipant(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: ParticipantValues & { sendInscription: boolean },
) {
  const created = await deps.db.transaction(async (tx) => {
    const project = await requireProject(tx, auth, projectId);
    await checkRole(tx, projectId, input.roleId);
    const profile = await checkProfile(tx, auth.companyId, projectId, input, {});
    await checkFiles(tx, auth.companyId, input);
    const existing = await repo.findPersonByEmail(tx, auth.companyId, input.email);
    let personId: string;
    if (existing) {
      if (await repo.isRegistered(tx, projectId, existing.id)) throw duplicate();
      // The e-mail keeps the spelling the person was known by; a field this form left empty keeps what another
      // project knows (as the import does): adding someone never erases their details elsewhere.
      const { email: _same, ...fields } = personFields(input);
      const filled = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== null && value !== undefined && value !== ''),
      ) as typeof fields;
      await repo.updatePerson(tx, auth.companyId, existing.id, filled);
      personId = existing.id;
    } else {
      personId = (await repo.insertPerson(tx, auth.companyId, personFields(input))).id;
    }
    const { id } = await repo.insertParticipant(tx, {
      companyId: auth.companyId,
      projectId,
      personId,
      roleId: input.roleId,
      status: input.status,
      profile,
    });
    if (input.sendInscription) await inscribe(tx, auth, project, id, deps.now());
    return loadOne(tx, auth, projectId, id);
  });
  if (input.sendInscription) await deliverSoon(deps);
  return created;
}

/** U1: the edition panel saves the person's fields (shared by their projects) and this registration. */
export async function updateParticipant(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  input: ParticipantValues,
) {
  return deps.db.transaction(async (tx) => {
    const current = await repo.findParticipant(tx, auth.companyId, projectId, id);
    if (!current) throw AppError.notFound();
    await checkRole(tx, projectId, input.roleId);
    const profile = await checkProfile(tx, auth.companyId, projectId, input, current.profile);
    await checkFiles(tx, auth.companyId, input);
    if (await repo.emailTakenByOther(tx, auth.companyId, current.personId, input.email)) {
      throw new AppError('participants.emailTaken', 'conflict', { field: 'email' });
    }
    await repo.updatePerson(tx, auth.companyId, current.personId, personFields(input));
    await repo.updateParticipantRow(tx, auth.companyId, projectId, id, {
      roleId: input.roleId,
      status: input.status,
      profile,
    });
    return loadOne(tx, auth, projectId, id);
  });
}

export async function deleteParticipants(deps: Deps, auth: AuthContext, projectId: string, ids: string[]) {
  await requireProject(deps.db, auth, projectId);
  return { deleted: await repo.deleteParticipants(deps.db, auth.companyId, projectId, ids) };
}

export async function addToGroup(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  ids: string[],
  groupId: string,
) {
  return deps.db.transaction(async (tx) => {
    await requireProject(tx, auth, projectId);
    if (!(await repo.findGroup(tx, projectId, groupId))) {
      throw AppError.field('groupId', 'validation.participants.groupRequired');
    }
    return { added: await repo.addToGroup(tx, auth.companyId, projectId, ids, groupId) };
  });
}

type ProjectForMail = NonNullable<Awaited<ReturnType<typeof repo.findProject>>>;

/** Queues the inscription e-mail (at most once per participant: dedupe key) and notes when, in the caller's transaction. */
export async function inscribe(
  tx: Executor,
  auth: AuthContext,
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
