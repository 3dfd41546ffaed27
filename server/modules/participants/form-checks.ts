import { decodeMessage } from '../../../contracts/http';
import { type ParticipantValues, ROLE_REQUIRED } from '../../../contracts/participants';
import {
  isLockedField,
  type ProfileFieldRule,
  participantProfileSchema,
  STANDARD_FIELD_KEYS,
} from '../../../contracts/profile-fields';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { findFileToReference } from '../files/repository';
import { itemsOfField, listFieldRows, listProjectItemRows } from '../profile-fields/repository';
import * as repo from './repository';

/**
 * What the participant form's values must hold before a save (U5): the project's profile-field rules, the role, the
 * groups and files it names, and the person's columns it writes. Read by the participants' service, the import and
 * the registration page.
 */

/**
 * The standard fields with their switches, every key once: a field whose row is not created yet is active, optional
 * and shown on view (as it will be created); names and e-mail are always active and mandatory.
 */
export async function standardFields(db: Executor, companyId: string, projectId: string) {
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

export async function checkRole(db: Executor, projectId: string, roleId: string) {
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
export async function withoutInactive(
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
export async function checkGroups(tx: Executor, projectId: string, groupIds: string[] | undefined) {
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
export async function checkFiles(tx: Executor, companyId: string, input: ParticipantValues) {
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
