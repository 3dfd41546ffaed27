import { z } from 'zod';
import { defineEndpoint, uuidParam } from './http';

/**
 * J3: the registry of a project's on/off options. The id is what `project_options.option_id` stores, so an id is
 * never reused nor renumbered; the key names the option in code, the label and description are locale keys.
 *
 * - `default`: the value of an option never saved for a project.
 * - `opposite`: the switch shows the opposite meaning of the stored value. The server always stores and answers the
 *   option's own value ("hide the participant list" = true); the screen shows "Show the participant list" switched
 *   off for it. Only `displayedValue` / `storedValue` below apply the flip, and only the web app calls them.
 * - `module`: a part of the product a project switches on or off as a whole (offered by the new-project wizard).
 *
 * Ids by group, so that a group can grow without renumbering: 10–19 modules, 20–29 registration,
 * 30–39 participants, 40–49 communication, 50–59 payments (54 is taxes, as in the former product).
 */
export const OPTION_GROUPS = [
  'modules',
  'registration',
  'participants',
  'communication',
  'payments',
] as const;
export type OptionGroup = (typeof OPTION_GROUPS)[number];

export interface ProjectOption {
  id: number;
  key: string;
  labelKey: string;
  descriptionKey: string;
  default: boolean;
  opposite?: boolean;
  module?: boolean;
  group: OptionGroup;
}

const option = (
  id: number,
  key: string,
  group: OptionGroup,
  rest: Pick<ProjectOption, 'default' | 'opposite' | 'module'>,
): ProjectOption => ({
  id,
  key,
  group,
  labelKey: `projectConfig.options.items.${key}.label`,
  descriptionKey: `projectConfig.options.items.${key}.description`,
  ...rest,
});

export const PROJECT_OPTIONS: readonly ProjectOption[] = [
  // Modules: whole parts of the product.
  option(10, 'agenda', 'modules', { default: true, module: true }),
  option(11, 'matchmaking', 'modules', { default: false, module: true }),
  option(12, 'questionnaire', 'modules', { default: true, module: true }),
  option(13, 'emailCampaigns', 'modules', { default: true, module: true }),
  option(14, 'registrationPayments', 'modules', { default: false, module: true }),
  option(15, 'reports', 'modules', { default: true, module: true }),
  // Registration.
  option(20, 'registrationApproval', 'registration', { default: false }),
  option(21, 'closeRegistration', 'registration', { default: false, opposite: true }),
  // Participants.
  option(30, 'hideParticipantList', 'participants', { default: false, opposite: true }),
  option(31, 'disableMeetingRequests', 'participants', { default: false, opposite: true }),
  option(32, 'showParticipantCompany', 'participants', { default: true }),
  // Communication.
  option(40, 'qrCodeInEmails', 'communication', { default: true }),
  // Payments.
  option(54, 'taxes', 'payments', { default: false }),
  option(55, 'promoCodes', 'payments', { default: false }),
];

/** Option 54: the taxes (R2) are used, and their tab is shown. */
export const TAXES_OPTION = 54;

export const MODULE_OPTIONS = PROJECT_OPTIONS.filter((o) => o.module);

const byId = new Map(PROJECT_OPTIONS.map((o) => [o.id, o]));

export function findOption(id: number): ProjectOption | undefined {
  return byId.get(id);
}

/** What the switch shows for a stored value: the opposite for an option of opposite meaning. */
export const displayedValue = (option: ProjectOption, stored: boolean) =>
  option.opposite ? !stored : stored;
/** What is stored when the switch shows `displayed` (the same flip, its own inverse). */
export const storedValue = (option: ProjectOption, displayed: boolean) =>
  option.opposite ? !displayed : displayed;

/** The value of every option of a project: the saved ones, the default for the others. */
export function resolveOptions(saved: ReadonlyMap<number, boolean>) {
  return PROJECT_OPTIONS.map((o) => ({ id: o.id, value: saved.get(o.id) ?? o.default }));
}

const OPTION_IDS = PROJECT_OPTIONS.map((o) => o.id) as [number, ...number[]];
/** A known option id; anything else is refused under the field (400). */
export const optionId = z.literal(OPTION_IDS, { error: 'validation.projectConfig.unknownOption' });
export const moduleOptionId = z.literal(MODULE_OPTIONS.map((o) => o.id) as [number, ...number[]], {
  error: 'validation.projectConfig.unknownModule',
});

export const optionValue = z.object({ id: z.number().int(), value: z.boolean() });
export const projectOptionsResponse = z.object({ items: z.array(optionValue) });

const idParams = z.object({ projectId: uuidParam });

export const listProjectOptions = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/options',
  access: 'user',
  tag: 'projects',
  summary: 'J3 every option of a project with its stored value (the default when never saved)',
  params: idParams,
  response: projectOptionsResponse,
});

export const setProjectOption = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/options',
  access: 'user',
  tag: 'projects',
  summary:
    'J3 save one option at once: the stored value, never the displayed one (options of opposite meaning are flipped on screen only)',
  params: idParams,
  body: z.object({ optionId, value: z.boolean() }),
  response: optionValue,
});
