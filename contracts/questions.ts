import { z } from 'zod';
import { uploadedFile } from './files';
import { defineEndpoint, ok, uuidParam } from './http';
import { versionIn, versionOut } from './projects';
import { localized, plainText } from './texts';

/**
 * Q1: the questionnaire of a project. A question (titles and help in French and English, single or multiple choice)
 * has choices in categories, standard values, the groups and roles it is asked to, permissions and its pairing
 * settings (Q2's weight and reversed flag). Answers and weights: contracts/question-answers.ts, question-weights.ts.
 */

export const QUESTION_TITLE_MAX = 200;
export const QUESTION_HELP_MAX = 1000;
export const CHOICE_LABEL_MAX = 200;
/** At most this many choices in one import (a pasted list or a file). */
export const CHOICE_IMPORT_MAX = 1000;
export const CHOICE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const CHOICE_IMPORT_ACCEPT = '.csv,.txt,.xlsx,text/csv,text/plain';

const requiredOne = (max: number) =>
  plainText(max).pipe(z.string().trim().min(2, { error: 'validation.required' }));
const labelOne = plainText(CHOICE_LABEL_MAX).pipe(z.string().trim().min(1, { error: 'validation.required' }));

export const questionTitle = localized(requiredOne(QUESTION_TITLE_MAX));
export const choiceLabel = localized(labelOne);
export const QUESTION_KINDS = ['single', 'multiple'] as const;
export const questionKind = z.enum(QUESTION_KINDS, { error: 'validation.invalid' });
export const questionStatus = z.enum(['active', 'archived'], { error: 'validation.invalid' });
export const questionVisibility = z.enum(['organisers', 'participants'], { error: 'validation.invalid' });
export const questionWeight = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.questions.weightRange' })
  .max(100, { error: 'validation.questions.weightRange' });

const text = z.object({ fr: z.string(), en: z.string() });

/** A question as the list shows it. */
export const questionSummary = z.object({
  id: z.uuid(),
  title: text,
  kind: questionKind,
  status: questionStatus,
  usedForMatching: z.boolean(),
  weight: z.number().int(),
  isMandatory: z.boolean(),
  linkedQuestionId: z.uuid().nullable(),
  position: z.number().int(),
  choiceCount: z.number().int(),
  answerCount: z.number().int(),
});
export type QuestionSummary = z.input<typeof questionSummary>;

export const questionList = z.object({ items: z.array(questionSummary) });
export type QuestionList = z.input<typeof questionList>;

export const choiceCategory = z.object({ id: z.uuid(), label: text, position: z.number().int() });
export type ChoiceCategory = z.input<typeof choiceCategory>;

export const questionChoice = z.object({
  id: z.uuid(),
  label: text,
  categoryId: z.uuid().nullable(),
  linkedChoiceId: z.uuid().nullable(),
  position: z.number().int(),
  answerCount: z.number().int(),
});
export type QuestionChoice = z.input<typeof questionChoice>;

export const standardValue = z.object({
  id: z.uuid(),
  choiceId: z.uuid(),
  roleId: z.uuid().nullable(),
  groupId: z.uuid().nullable(),
  position: z.number().int(),
});
export type StandardValue = z.input<typeof standardValue>;

/** Everything the edition page shows of a question. */
export const questionDetail = questionSummary.extend({
  help: text,
  maxChoices: z.number().int().nullable(),
  visibility: questionVisibility,
  participantCanEdit: z.boolean(),
  reversed: z.boolean(),
  linkedQuestion: z.object({ id: z.uuid(), title: text }).nullable(),
  categories: z.array(choiceCategory),
  choices: z.array(questionChoice),
  standardValues: z.array(standardValue),
  /** Who the question is asked to, in order; both empty: everyone. */
  groupIds: z.array(z.uuid()),
  roleIds: z.array(z.uuid()),
  ...versionOut,
});
export type QuestionDetail = z.input<typeof questionDetail>;

export const questionCreateInput = z.object({ title: questionTitle, kind: questionKind });
export type QuestionCreateInput = z.input<typeof questionCreateInput>;
export type QuestionCreateValues = z.output<typeof questionCreateInput>;

export const questionSettingsInput = z.object({
  ...versionIn,
  title: questionTitle,
  help: localized(plainText(QUESTION_HELP_MAX)),
  kind: questionKind,
  maxChoices: z.number({ error: 'validation.invalid' }).int().min(1).max(1000).nullable(),
  isMandatory: z.boolean(),
});
export type QuestionSettingsInput = z.input<typeof questionSettingsInput>;
export type QuestionSettingsValues = z.output<typeof questionSettingsInput>;

export const questionPairingInput = z.object({
  ...versionIn,
  usedForMatching: z.boolean(),
  weight: questionWeight,
  reversed: z.boolean(),
});
export type QuestionPairingInput = z.input<typeof questionPairingInput>;

export const questionPermissionsInput = z.object({
  ...versionIn,
  visibility: questionVisibility,
  participantCanEdit: z.boolean(),
});
export type QuestionPermissionsInput = z.input<typeof questionPermissionsInput>;

const ids = z.array(z.uuid({ error: 'validation.id' })).max(5000);
export const idOrder = z.object({ ids });

export const choiceInput = z.object({
  label: choiceLabel,
  categoryId: z.uuid({ error: 'validation.id' }).nullable(),
});
export type ChoiceInput = z.input<typeof choiceInput>;

export const categoryInput = z.object({ label: choiceLabel });
export type CategoryInput = z.input<typeof categoryInput>;

/** A choice for a role, a group (not both: refused under `groupId`), or everyone (neither). */
export const standardValueInput = z.object({
  choiceId: z.uuid({ error: 'validation.required' }),
  roleId: z.uuid({ error: 'validation.id' }).nullable(),
  groupId: z.uuid({ error: 'validation.id' }).nullable(),
});
export type StandardValueInput = z.input<typeof standardValueInput>;

export const audienceInput = z.object({ ...versionIn, groupIds: ids, roleIds: ids });
export type AudienceInput = z.input<typeof audienceInput>;

export const linkedQuestionInput = z.object({ title: questionTitle });
export type LinkedQuestionInput = z.input<typeof linkedQuestionInput>;

/** An import of choices: a pasted list (`text`) or a file; `save` false previews, true saves. */
export const choiceImportInput = z.object({
  text: z.string().max(CHOICE_IMPORT_MAX_BYTES).optional(),
  file: uploadedFile.optional(),
  save: z.enum(['true', 'false']).default('false'),
});
export const choiceImportResult = z.object({
  rows: z.array(z.object({ line: z.number().int(), label: text })),
  /** Lines left out: empty, a header, or a choice the question already has. */
  skipped: z.array(z.object({ line: z.number().int(), reason: z.enum(['duplicate', 'tooLong']) })),
  saved: z.number().int(),
});
export type ChoiceImportResult = z.input<typeof choiceImportResult>;

export const questionDeletion = z.object({ answerCount: z.number().int() });

// ---------- endpoints ----------

const tag = 'questions';
const projectParams = z.object({ projectId: uuidParam });
const questionParams = projectParams.extend({ questionId: uuidParam });
const base = '/api/projects/:projectId/questions';
const one = `${base}/:questionId`;

export const listQuestions = defineEndpoint({
  method: 'GET',
  path: base,
  access: 'user',
  tag,
  summary: 'Q1 the questions of a project in order (archived ones when asked)',
  params: projectParams,
  query: z.object({ archived: z.enum(['true', 'false']).default('false') }),
  response: questionList,
});

export const createQuestion = defineEndpoint({
  method: 'POST',
  path: base,
  access: 'user',
  tag,
  summary: 'Q1 create a question (titles in French and English, kind), placed last',
  params: projectParams,
  body: questionCreateInput,
  response: questionDetail,
});

export const getQuestion = defineEndpoint({
  method: 'GET',
  path: one,
  access: 'user',
  tag,
  summary: 'Q1 a question with its choices, categories, standard values, groups and roles',
  params: questionParams,
  response: questionDetail,
});

const put = <B extends z.ZodType>(path: string, summary: string, body: B) =>
  defineEndpoint({
    method: 'PUT',
    path: `${one}/${path}`,
    access: 'user',
    tag,
    summary,
    params: questionParams,
    body,
    response: questionDetail,
  });

export const saveQuestionSettings = put(
  'settings',
  'Q1 settings tab: titles, help, kind, max choices, mandatory',
  questionSettingsInput,
);
export const saveQuestionPairing = put(
  'pairing',
  'Q1 pairing tab: used for matching, weight, reversed (changes the scores)',
  questionPairingInput,
);
export const saveQuestionPermissions = put(
  'permissions',
  'Q1 permissions tab: who sees the answers, whether the participant edits them',
  questionPermissionsInput,
);
export const setQuestionStatus = put(
  'status',
  'Q1 archive or unarchive a question',
  z.object({ status: questionStatus }),
);
export const saveQuestionAudience = put(
  'audience',
  'Q1 groups and roles tabs: who the question is asked to, in order (both empty: everyone)',
  audienceInput,
);
/**
 * The choices' layout as the sortable list saves it: every choice once in reading order, and optionally every
 * category once in its order and the category of each choice (a choice dragged into another category).
 */
export const choiceLayout = z.object({
  ids,
  categoryIds: ids.optional(),
  categoryOf: z
    .record(z.uuid({ error: 'validation.id' }), z.uuid({ error: 'validation.id' }).nullable())
    .optional(),
});
export type ChoiceLayout = z.input<typeof choiceLayout>;

export const reorderChoices = put(
  'choice-order',
  'Q1 the order of the choices (every choice once), with their categories; a linked question follows',
  choiceLayout,
);
export const reorderCategories = put('category-order', 'Q1 the order of the choice categories', idOrder);
export const reorderStandardValues = put(
  'standard-value-order',
  'Q1 the order of the standard values',
  idOrder,
);

export const deleteQuestion = defineEndpoint({
  method: 'DELETE',
  path: one,
  access: 'user',
  tag,
  summary: 'Q1 delete a question with its choices and answers',
  params: questionParams,
  response: ok,
});

export const reorderQuestions = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/question-order',
  access: 'user',
  tag,
  summary: 'Q1 the order of the questions (every question of the project once, archived ones included)',
  params: projectParams,
  body: idOrder,
  response: questionList,
});

export const createLinkedQuestion = defineEndpoint({
  method: 'POST',
  path: `${one}/linked`,
  access: 'user',
  tag,
  summary: 'Q1 create a question linked to this one, with mirrored choices',
  params: questionParams,
  body: linkedQuestionInput,
  response: questionDetail,
});

const create = <B extends z.ZodType>(kind: string, summary: string, body: B) =>
  defineEndpoint({
    method: 'POST',
    path: `${one}/${kind}`,
    access: 'user',
    tag,
    summary,
    params: questionParams,
    body,
    response: questionDetail,
  });

export const createChoice = create(
  'choices',
  'Q1 add a choice; a linked question gets its mirror',
  choiceInput,
);
export const createCategory = create('categories', 'Q1 add a choice category', categoryInput);
export const createStandardValue = create(
  'standard-values',
  'Q1 add a standard value (a choice for a role, a group, or everyone)',
  standardValueInput,
);

const choiceParams = questionParams.extend({ choiceId: uuidParam });
const categoryParams = questionParams.extend({ categoryId: uuidParam });
const standardValueParams = questionParams.extend({ standardValueId: uuidParam });

export const updateChoice = defineEndpoint({
  method: 'PUT',
  path: `${one}/choices/:choiceId`,
  access: 'user',
  tag,
  summary: 'Q1 edit a choice (labels, category); its mirror on a linked question follows',
  params: choiceParams,
  body: choiceInput,
  response: questionDetail,
});
export const deleteChoice = defineEndpoint({
  method: 'DELETE',
  path: `${one}/choices/:choiceId`,
  access: 'user',
  tag,
  summary: 'Q1 delete a choice (with its answers; its mirror too)',
  params: choiceParams,
  response: questionDetail,
});
export const updateCategory = defineEndpoint({
  method: 'PUT',
  path: `${one}/categories/:categoryId`,
  access: 'user',
  tag,
  summary: 'Q1 rename a choice category',
  params: categoryParams,
  body: categoryInput,
  response: questionDetail,
});
export const deleteCategory = defineEndpoint({
  method: 'DELETE',
  path: `${one}/categories/:categoryId`,
  access: 'user',
  tag,
  summary: 'Q1 delete a choice category (its choices stay, without a category)',
  params: categoryParams,
  response: questionDetail,
});
export const deleteStandardValue = defineEndpoint({
  method: 'DELETE',
  path: `${one}/standard-values/:standardValueId`,
  access: 'user',
  tag,
  summary: 'Q1 delete a standard value',
  params: standardValueParams,
  response: questionDetail,
});

/** Multipart: `text` (a pasted list) or `file` (.csv, .txt, .xlsx), one choice a line, French then English. */
export const importChoices = defineEndpoint({
  method: 'POST',
  path: `${one}/choices/import`,
  access: 'user',
  tag,
  summary: 'Q1 import choices from a pasted list or a CSV/Excel file: a preview, then the save (multipart)',
  multipart: true,
  params: questionParams,
  body: choiceImportInput,
  response: choiceImportResult,
});
