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

/** What an organiser's own field holds; `choice` and `choices` are answered from the field's list of items. */
export const CUSTOM_INPUT_TYPES = [
  'text',
  'longText',
  'number',
  'date',
  'yesNo',
  'url',
  'email',
  'choice',
  'choices',
] as const;
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

/** Single choice (one item) and multiple choice (one item or more): the types that have items. */
export const CHOICE_INPUT_TYPES = ['choice', 'choices'] as const;
export const isChoiceType = (inputType: string) =>
  (CHOICE_INPUT_TYPES as readonly string[]).includes(inputType);

export const FIELD_TITLE_MAX = 150;
/** A choice field has at most this many items, each titled in at most this many characters. */
export const FIELD_ITEMS_MAX = 200;
export const ITEM_LABEL_MAX = 150;
/**
 * A multiple-choice answer is kept in `participants.profile` (strings only) as the chosen item ids joined by a
 * comma, in the items' order: `"<id>,<id>"`. At most 50 items are chosen (the stored text stays under the 2000
 * characters a profile value may have).
 */
export const CHOICES_SEPARATOR = ',';
export const CHOICES_SELECTED_MAX = 50;
/** The item ids of a stored multiple-choice answer (or of a single-choice one: one id). */
export const splitChoices = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(CHOICES_SEPARATOR)
    .map((id) => id.trim())
    .filter(Boolean);
export const joinChoices = (ids: readonly string[]) => ids.join(CHOICES_SEPARATOR);

/** A label as compared: accents, case and spacing ignored (« Santé » = "sante" = " SANTÉ "). */
export function normaliseLabel(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The labels of an answer in the reader's language (the other one if empty), in the items' order; an id that is
 * no item of the field is left out.
 */
export function choiceLabels(
  value: string | null | undefined,
  items: readonly { id: string; label: { fr: string; en: string } }[],
  language: 'fr' | 'en',
): string[] {
  const chosen = new Set(splitChoices(value));
  const other = language === 'fr' ? 'en' : 'fr';
  return items
    .filter((item) => chosen.has(item.id))
    .map((item) => (item.label[language].trim() ? item.label[language] : item.label[other]));
}

/** The longest value a text field takes; a long text takes more. */
export const TEXT_VALUE_MAX = 200;
export const LONG_TEXT_VALUE_MAX = 4000;

// ---------- shapes ----------

/** A field's title: plain text (tags stripped), in both languages; at least one written (the other falls back). */
export const fieldTitle = localized(plainText(FIELD_TITLE_MAX)).refine(
  (value) => missingLanguages(value).length < 2,
  { error: 'validation.profileFields.titleRequired', path: ['fr'] },
);

/** An item's label: plain text (tags stripped), in both languages; at least one written. */
export const itemLabel = localized(plainText(ITEM_LABEL_MAX)).refine(
  (value) => missingLanguages(value).length < 2,
  { error: 'validation.profileFields.itemLabelRequired', path: ['fr'] },
);
export const profileFieldItemInput = z.object({ label: itemLabel });
export type ProfileFieldItemInput = z.input<typeof profileFieldItemInput>;

/** One item of a choice field (the spec's RelatedProfileItem), in the field's order. */
export const profileFieldItem = z.object({
  id: z.uuid(),
  label: z.object({ fr: z.string(), en: z.string() }),
});
export type ProfileFieldItem = z.input<typeof profileFieldItem>;

/** The labels of one item, normalised, as they must differ from every other item's of the field. */
const labelKeys = (label: { fr: string; en: string }) =>
  new Set([label.fr, label.en].map(normaliseLabel).filter(Boolean));
/** Whether a label is already one of the other items' (in either language): an answer must name one item only. */
export function clashesWith(
  label: { fr: string; en: string },
  others: readonly { label: { fr: string; en: string } }[],
) {
  const keys = labelKeys(label);
  return others.some((other) => [...labelKeys(other.label)].some((key) => keys.has(key)));
}

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
  /** The items of a choice field, in order; empty for any other type. */
  items: z.array(profileFieldItem),
});
export type ProfileField = z.input<typeof profileField>;

/**
 * A new field: its titles, its type and, for a choice field, the labels of its first items (one at least, labels
 * distinct; labels given with another type are not kept).
 */
export const profileFieldInput = z
  .object({
    title: fieldTitle,
    inputType: z.enum(CUSTOM_INPUT_TYPES, { error: 'validation.profileFields.inputType' }),
    /** The labels of a choice field's first items, in order. */
    itemLabels: z
      .array(itemLabel)
      .max(FIELD_ITEMS_MAX, {
        error: encodeMessage('validation.profileFields.tooManyItems', { maximum: FIELD_ITEMS_MAX }),
      })
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (!isChoiceType(value.inputType)) return;
    if (value.itemLabels.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.profileFields.itemsRequired',
        path: ['itemLabels'],
      });
    }
    value.itemLabels.forEach((label, index) => {
      if (
        clashesWith(
          label,
          value.itemLabels.slice(0, index).map((other) => ({ label: other })),
        )
      ) {
        ctx.addIssue({
          code: 'custom',
          message: 'validation.profileFields.itemDuplicate',
          path: ['itemLabels', index, 'fr'],
        });
      }
    });
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

/** P11: the whole order of a choice field's items, every item exactly once, never empty. */
export const profileFieldItemOrder = z.object({ ids: z.array(z.uuid()).max(FIELD_ITEMS_MAX) });
export type ProfileFieldItemOrder = z.input<typeof profileFieldItemOrder>;

// ---------- the participant's profile values, from the configuration ----------

/** What the profile schema needs to know of a field; the items of a choice field name its possible answers. */
export type ProfileFieldRule = Pick<
  ProfileField,
  'id' | 'standardKey' | 'inputType' | 'isActive' | 'isMandatory'
> & { items?: readonly ProfileFieldItem[] };

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

/** What an answer quotes in a message: short, and without the characters messages are encoded with. */
const quoted = (text: string) => {
  const clean = text.replace(/[|=]/g, ' ').trim();
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean;
};

/**
 * The item an answer names: its id, or its label in French or in English, accents, case and spacing ignored
 * (« Santé », "sante" and "Health" all name the same item). Ids are tried first.
 */
function itemFinder(items: readonly ProfileFieldItem[]) {
  const byKey = new Map<string, string>();
  for (const item of items) byKey.set(item.id.toLowerCase(), item.id);
  for (const item of items) {
    for (const label of [item.label.fr, item.label.en]) {
      const key = normaliseLabel(label);
      if (key && !byKey.has(key)) byKey.set(key, item.id);
    }
  }
  return (text: string) => byKey.get(normaliseLabel(text));
}

const unknownChoice = (text: string) =>
  encodeMessage('validation.profileFields.choiceUnknown', { value: quoted(text) });

/** Single choice: one item, named by its id or its label; comes out as the item's id. */
function choiceRule(items: readonly ProfileFieldItem[]) {
  const find = itemFinder(items);
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      const id = find(text);
      if (id) return id;
      ctx.addIssue({ code: 'custom', message: unknownChoice(text) });
      return z.NEVER;
    });
}

/**
 * Multiple choice: items named by id or label, separated by `;` or `,` (a whole answer that is one label, commas
 * included, names that item); comes out as the ids joined by a comma, in the items' order, each once. An answer
 * that names nothing is empty: null, or `validation.empty` when the field is mandatory.
 */
function choicesRule(items: readonly ProfileFieldItem[], mandatory: boolean) {
  const find = itemFinder(items);
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      const whole = find(text);
      const parts = whole
        ? [text]
        : text
            .split(text.includes(';') ? ';' : CHOICES_SEPARATOR)
            .map((part) => part.trim())
            // Separators alone (« ; , ») name nothing.
            .filter((part) => part.replace(/[\s,;]/g, '') !== '');
      if (parts.length === 0) {
        if (!mandatory) return null;
        ctx.addIssue({ code: 'custom', message: REQUIRED });
        return z.NEVER;
      }
      const chosen = new Set<string>();
      for (const part of parts) {
        const id = find(part);
        if (!id) {
          ctx.addIssue({ code: 'custom', message: unknownChoice(part) });
          return z.NEVER;
        }
        chosen.add(id);
      }
      if (chosen.size > CHOICES_SELECTED_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: encodeMessage('validation.profileFields.tooManyChoices', {
            maximum: CHOICES_SELECTED_MAX,
          }),
        });
        return z.NEVER;
      }
      return joinChoices(items.filter((item) => chosen.has(item.id)).map((item) => item.id));
    });
}

/** The rule of one value, once known to be present. */
function valueRule(field: ProfileFieldRule, mandatory: boolean): z.ZodType {
  switch (field.inputType) {
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
    case 'choice':
      return choiceRule(field.items ?? []);
    case 'choices':
      return choicesRule(field.items ?? [], mandatory);
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
  const rule = valueRule(field, field.isMandatory);
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

// ---------- the items of a choice field ----------

const itemParams = z.object({ projectId: uuidParam, profileFieldId: uuidParam, itemId: uuidParam });

export const addProfileFieldItem = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/profile-fields/:profileFieldId/items',
  access: 'user',
  tag,
  summary:
    'U5 add an item at the end of a choice field’s list (200 at most, labels distinct); answers the field',
  params: fieldParams,
  body: profileFieldItemInput,
  response: profileField,
});

export const renameProfileFieldItem = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/profile-fields/:profileFieldId/items/:itemId',
  access: 'user',
  tag,
  summary: 'U5 rename an item of a choice field (French and English); answers the field',
  params: itemParams,
  body: profileFieldItemInput,
  response: profileField,
});

export const deleteProfileFieldItem = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/profile-fields/:profileFieldId/items/:itemId',
  access: 'user',
  tag,
  summary:
    'U5 delete an item of a choice field and remove it from the participants’ answers; an active field keeps one item at least',
  params: itemParams,
  response: profileField,
});

export const reorderProfileFieldItems = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/profile-fields/:profileFieldId/items/order',
  access: 'user',
  tag,
  summary: 'U5/P11 save the order of a choice field’s items: every item exactly once, never an empty list',
  params: fieldParams,
  body: profileFieldItemOrder,
  response: profileField,
});
