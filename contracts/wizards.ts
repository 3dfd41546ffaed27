import { z } from 'zod';
import { defineEndpoint, ok } from './http';
import { moduleOptionId } from './project-options';
import {
  project,
  projectDateFields,
  projectLanguageFields,
  projectNameFields,
  withDatesInOrder,
  withSpokenDefault,
} from './projects';

/**
 * P10: a wizard is a guided, multi-page form. Its type says what it makes; types 2, 3, 4 and 9 work on an existing
 * object, whose id they carry as `refId`; type 1 (a new project) has none and, once done, sends the whole window
 * to what it made.
 */
export const WIZARD_TYPES = { project: 1 } as const;
export const WIZARD_TYPES_WITH_REF = [2, 3, 4, 9] as const;
export type WizardType = 1 | (typeof WIZARD_TYPES_WITH_REF)[number];
export const wizardNeedsRef = (type: WizardType) =>
  (WIZARD_TYPES_WITH_REF as readonly number[]).includes(type);

/** The navigation of a wizard page: 1 next, -1 previous, 0 reload (the same page again). */
export type WizardNav = 1 | -1 | 0;

// ---------- type 1: a new project ----------

export const PROJECT_WIZARD_STEPS = [
  'names',
  'dates',
  'languages',
  'modules',
  'branding',
  'summary',
] as const;
export type ProjectWizardStep = (typeof PROJECT_WIZARD_STEPS)[number];

const modulesFields = z.object({
  /** The modules switched on; every other module is saved off. */
  modules: z.array(moduleOptionId).max(50),
});
const brandingFields = z.object({
  logoFileId: z.uuid({ error: 'validation.id' }).nullable().default(null),
  bannerFileId: z.uuid({ error: 'validation.id' }).nullable().default(null),
});

/** One step's fields, named by `step`: the server checks them with the same rules as the final creation. */
export const projectWizardStepInput = z.discriminatedUnion('step', [
  projectNameFields.extend({ step: z.literal('names') }),
  withDatesInOrder(projectDateFields.extend({ step: z.literal('dates') })),
  withSpokenDefault(projectLanguageFields.extend({ step: z.literal('languages') })),
  modulesFields.extend({ step: z.literal('modules') }),
  brandingFields.extend({ step: z.literal('branding') }),
]);
export type ProjectWizardStepInput = z.input<typeof projectWizardStepInput>;

/** Every step at once: what "Create" sends. */
export const projectWizardInput = withSpokenDefault(
  withDatesInOrder(
    z.object({
      ...projectNameFields.shape,
      ...projectDateFields.shape,
      ...projectLanguageFields.shape,
      ...modulesFields.shape,
      ...brandingFields.shape,
    }),
  ),
);
export type ProjectWizardInput = z.input<typeof projectWizardInput>;
export type ProjectWizardValues = z.output<typeof projectWizardInput>;

export const validateProjectWizardStep = defineEndpoint({
  method: 'POST',
  path: '/api/wizards/project/steps',
  access: 'user',
  tag: 'wizards',
  summary: 'P10 check one step of the new-project wizard (field errors, or ok to go on); saves nothing',
  body: projectWizardStepInput,
  response: ok,
});

export const createProjectFromWizard = defineEndpoint({
  method: 'POST',
  path: '/api/wizards/project',
  access: 'user',
  tag: 'wizards',
  summary: 'P10 create the project, its modules and its branding in one transaction (all or nothing)',
  body: projectWizardInput,
  response: project,
});
