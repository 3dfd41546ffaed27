import { z } from 'zod';
import { calendarDate, defineEndpoint, encodeMessage, ok, uuidParam } from './http';
import { optionalPhoneNumber, phoneNumber } from './phone';
import { localized, missingLanguages, plainText } from './texts';

/**
 * U5: the fields of the participant profile form. Standard fields are columns of `persons` and exist in every
 * project; the organiser adds fields of their own, whose values are kept in `participants.profile` by field id.
 * Each field is active or not, mandatory or not, editable by the participant or not, shown on the participant's
 * view or not, and has a place in the project's order.
 */

/** The standard fields, named as the columns of `persons` they fill, in their first order. */
export const STANDARD_FIELD_KEYS = [
  'firstName',
  'lastName',
  'email',
  'organisation',
  'jobTitle',
  'phone',
  'phonePro',
  'language',
  'pictureFileId',
  'cvFileId',
  'videoUrl',
] as const;
export type StandardFieldKey = (typeof STANDARD_FIELD_KEYS)[number];

/** Always active and mandatory: a participant is a person with a name and an e-mail address. */
export const LOCKED_FIELD_KEYS: readonly StandardFieldKey[] = ['firstName', 'lastName', 'email'];
export const isLockedField = (field: { standardKey: string | null }) =>
  field.standardKey !== null && (LOCKED_FIELD_KEYS as readonly string[]).includes(field.standardKey);

/** What an organiser's own field holds. */
export const CUSTOM_INPUT_TYPES = ['text', 'longText', 'number', 'date', 'yesNo', 'url', 'email'] as const;
export type CustomInputType = (typeof CUSTOM_INPUT_TYPES)[number];
/** Every input type: the organiser's, and those only standard fields have. */
export const INPUT_TYPES = [...CUSTOM_INPUT_TYPES, 'phone', 'language', 'image', 'file'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/** The input type of each standard field. */
export const STANDARD_INPUT_TYPES: Record<StandardFieldKey, InputType> = {
  firstName: 'text',
  lastName: 'text',
  email: 'email',
  organisation: 'text',
  jobTitle: 'text',
  phone: 'phone',
  phonePro: 'phone',
  language: 'language',
  pictureFileId: 'image',
  cvFileId: 'file',
  videoUrl: 'url',
};

export const FIELD_TITLE_MAX = 150;
/** The longest value a text field takes; a long text takes more. */
export const TEXT_VALUE_MAX = 200;
export const LONG_TEXT_VALUE_MAX = 4000;

// ---------- shapes ----------

/** A field's title: plain text (tags stripped), in both languages; at least one written (the other falls back). */
export const fieldTitle = localized(plainText(FIELD_TITLE_MAX)).refine(
  (value) => missingLanguages(value).length < 2,
  { error: 'validation.profileFields.titleRequired', path: ['fr'] },
);

export const profileField = z.object({
  id: z.uuid(),
  standardKey: z.enum(STANDARD_FIELD_KEYS).nullable(),
  inputType: z.enum(INPUT_TYPES),
  title: z.object({ fr: z.string(), en: z.string() }),
  isActive: z.boolean(),
  isMandatory: z.boolean(),
  isEditable: z.boolean(),
  isShownOnView: z.boolean(),
  /** Locked standard fields (first and last name, e-mail) are always active and mandatory. */
  isLocked: z.boolean(),
  position: z.number().int(),
});
export type ProfileField = z.input<typeof profileField>;

export const profileFieldInput = z.object({
  title: fieldTitle,
  inputType: z.enum(CUSTOM_INPUT_TYPES, { error: 'validation.profileFields.inputType' }),
});
export type ProfileFieldInput = z.input<typeof profileFieldInput>;
export type ProfileFieldValues = z.output<typeof profileFieldInput>;

export const profileFieldTitleInput = z.object({ title: fieldTitle });
export type ProfileFieldTitleInput = z.input<typeof profileFieldTitleInput>;

/** The four switches of a field, each saved at once. */
export const PROFILE_FIELD_SWITCHES = ['isActive', 'isMandatory', 'isEditable', 'isShownOnView'] as const;
export type ProfileFieldSwitch = (typeof PROFILE_FIELD_SWITCHES)[number];
export const profileFieldSwitchInput = z.object({
  name: z.enum(PROFILE_FIELD_SWITCHES),
  value: z.boolean(),
});
export type ProfileFieldSwitchInput = z.input<typeof profileFieldSwitchInput>;

/**
 * P11: the whole order of the project's fields, every field exactly once. The server refuses an empty list
 * (`profileFields.orderEmpty`) and a list that does not name exactly the project's fields.
 */
export const profileFieldOrder = z.object({ ids: z.array(z.uuid()).max(1000) });
export type ProfileFieldOrder = z.input<typeof profileFieldOrder>;

// ---------- the participant's profile values, from the configuration ----------

/** What the profile schema needs to know of a field. */
export type ProfileFieldRule = Pick<
  ProfileField,
  'id' | 'standardKey' | 'inputType' | 'isActive' | 'isMandatory'
>;

const tooLong = (max: number) => encodeMessage('validation.tooLong', { maximum: max });
const REQUIRED = 'validation.empty';

/** Empty, null and absent all mean "no value" (null). */
const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

const httpUrl = z
  .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'validation.url' })
  .max(2000, {
    error: tooLong(2000),
  });
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, { error: tooLong(200) })
  .pipe(z.email({ error: 'validation.email' }));
const numberText = z
  .string()
  .trim()
  .transform((v) => v.replace(',', '.'))
  .pipe(z.string().regex(/^-?\d{1,15}(\.\d{1,6})?$/, { error: 'validation.profileFields.number' }));

/** The rule of one value, once known to be present. */
function valueRule(inputType: InputType, mandatory: boolean): z.ZodType {
  switch (inputType) {
    case 'text':
      return z
        .string()
        .trim()
        .min(mandatory ? 2 : 0, { error: 'validation.required' })
        .max(TEXT_VALUE_MAX, { error: tooLong(TEXT_VALUE_MAX) });
    case 'longText':
      return z
        .string()
        .trim()
        .max(LONG_TEXT_VALUE_MAX, { error: tooLong(LONG_TEXT_VALUE_MAX) });
    case 'number':
      return numberText;
    case 'date':
      return calendarDate;
    case 'yesNo':
      return z.enum(['yes', 'no'], { error: 'validation.profileFields.yesNo' });
    case 'url':
      return z.string().trim().pipe(httpUrl);
    case 'email':
      return email;
    case 'phone':
      return phoneNumber;
    case 'language':
      return z.enum(['fr', 'en'], { error: 'validation.language' });
    case 'image':
    case 'file':
      return z.uuid({ error: 'validation.id' });
  }
}

/** One value: required when the field is mandatory, otherwise null when left empty. */
function valueSchema(field: ProfileFieldRule): z.ZodType {
  if (field.inputType === 'phone' && !field.isMandatory) return optionalPhoneNumber;
  const rule = valueRule(field.inputType, field.isMandatory);
  if (field.isMandatory) {
    return z.preprocess(
      blankToNull,
      z
        .any()
        .refine((v) => v !== null, { error: REQUIRED })
        .pipe(rule),
    );
  }
  return z.preprocess(blankToNull, rule.nullable());
}

/**
 * The schema of a participant's profile values, built from the project's configuration: only active fields are
 * read (values of any other field are dropped), mandatory ones are required, each value follows its type.
 * Standard fields are read under their key (`firstName`, `phone`…, the columns of `persons`); the organiser's own
 * fields under `profile`, by field id. An empty optional value comes out as null; empty custom values are left
 * out of `profile`.
 */
export function participantProfileSchema(fields: readonly ProfileFieldRule[]) {
  const active = fields.filter((f) => f.isActive || isLockedField(f));
  const standard: Record<string, z.ZodType> = {};
  const custom: Record<string, z.ZodType> = {};
  for (const field of active) {
    // A locked field is mandatory whatever a stored row says.
    const rule = isLockedField(field) ? { ...field, isMandatory: true } : field;
    if (field.standardKey) standard[field.standardKey] = valueSchema(rule);
    else custom[field.id] = valueSchema(rule);
  }
  const profile = z
    .preprocess((v) => v ?? {}, z.object(custom))
    .transform(
      (values) =>
        Object.fromEntries(
          Object.entries(values as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined),
        ) as Record<string, string>,
    );
  return z.object({ ...standard, profile });
}

// ---------- endpoints ----------

const tag = 'profile-fields';
const projectParams = z.object({ projectId: uuidParam });
const fieldParams = z.object({ projectId: uuidParam, profileFieldId: uuidParam });
const fieldList = z.object({ items: z.array(profileField) });

export const listProfileFields = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/profile-fields',
  access: 'user',
  tag,
  summary: 'U5 the profile fields of a project, in order (the standard fields are always there)',
  params: projectParams,
  response: fieldList,
});

export const createProfileField = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/profile-fields',
  access: 'user',
  tag,
  summary: 'U5 add a field of the organiser’s own, at the end of the order',
  params: projectParams,
  body: profileFieldInput,
  response: profileField,
});

export const updateProfileFieldTitle = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/profile-fields/:profileFieldId',
  access: 'user',
  tag,
  summary: 'U5 rename a field (French and English)',
  params: fieldParams,
  body: profileFieldTitleInput,
  response: profileField,
});

export const setProfileFieldSwitch = defineEndpoint({
  method: 'PATCH',
  path: '/api/projects/:projectId/profile-fields/:profileFieldId',
  access: 'user',
  tag,
  summary:
    'U5 turn one switch of a field on or off (active, mandatory, editable, shown on view); first name, last name and e-mail stay active and mandatory',
  params: fieldParams,
  body: profileFieldSwitchInput,
  response: profileField,
});

export const deleteProfileField = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/profile-fields/:profileFieldId',
  access: 'user',
  tag,
  summary: 'U5 delete a field of the organiser’s own with its values; standard fields cannot be deleted',
  params: fieldParams,
  response: ok,
});

export const reorderProfileFields = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/profile-fields/order',
  access: 'user',
  tag,
  summary:
    'U5/P11 save the order of the fields: every field of the project exactly once, never an empty list',
  params: projectParams,
  body: profileFieldOrder,
  response: fieldList,
});
