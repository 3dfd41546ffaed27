import { z } from 'zod';
import { currentUser } from './auth';
import { defineEndpoint } from './http';
import { localized, plainText } from './texts';

/**
 * E10: the screens that have a help text, by a stable id (the web app maps each route to one, see
 * web/features/help/screens.ts). A screen not listed here has no help.
 */
export const HELP_SCREENS = [
  'projects.list',
  'projects.new',
  'project.dashboard',
  'project.settings',
  'project.participants',
  'project.participantImport',
  'project.roles',
  'project.groups',
  'project.profileFields',
  'project.questions',
  'project.questionEdition',
  'project.questionWeights',
  'project.questionScores',
  'project.activities',
  'project.activitySettings',
  'project.activityImport',
  'project.activityEdition',
  'project.activityTables',
  'project.tableAssignment',
  'project.activityCalendar',
  'project.landing',
  'project.pairings',
  'project.pairing',
  'project.pairingSeats',
  'project.b2b',
  'project.b2bSession',
  'project.mail',
  'project.registration',
  'project.sales',
  'project.report',
  'project.reportCharts',
  'outbox',
  'admin.organisation',
  'admin.companies',
  'admin.users',
  'admin.access',
  'admin.audit',
  'admin.companySwitches',
  'admin.releases',
  'admin.releaseEdit',
  'whatsNew',
] as const;
export type HelpScreen = (typeof HELP_SCREENS)[number];

export const helpScreen = z.enum(HELP_SCREENS, { error: 'validation.invalid' });

export const HELP_TITLE_MAX = 150;
export const HELP_DESCRIPTION_MAX = 4000;

/** Title and description: plain texts (E10: HTML tags typed in are stripped), the description on several lines. */
const editedTexts = {
  title: localized(plainText(HELP_TITLE_MAX)),
  description: localized(plainText(HELP_DESCRIPTION_MAX)),
};

const bothLanguages = z.object({ fr: z.string(), en: z.string() });
const storedTexts = { title: bothLanguages, description: bothLanguages };

/** What a user reads: the help of a screen, or null when it has none, is inactive or says nothing. */
export const screenHelp = z.object({
  screen: helpScreen,
  help: z.object(storedTexts).nullable(),
});
export type ScreenHelp = z.input<typeof screenHelp>;

/** What a super-admin edits: both languages and the active flag, whether or not the help was ever written. */
export const helpEdition = z.object({
  screen: helpScreen,
  ...storedTexts,
  isActive: z.boolean(),
  /** False until the help of this screen is first saved. */
  exists: z.boolean(),
});
export type HelpEdition = z.input<typeof helpEdition>;

export const helpInput = z.object({ screen: helpScreen, ...editedTexts, isActive: z.boolean() });
export type HelpInput = z.input<typeof helpInput>;
/** The same, once validated (tags stripped, trimmed): what the server saves. */
export type HelpValues = z.output<typeof helpInput>;

export const getScreenHelp = defineEndpoint({
  method: 'GET',
  path: '/api/help',
  access: 'user',
  tag: 'help',
  summary: 'E10 the help of a screen (null when it has none or it is inactive)',
  query: z.object({ screen: helpScreen }),
  response: screenHelp,
});

export const getHelpEdition = defineEndpoint({
  method: 'GET',
  path: '/api/help/edition',
  access: 'superAdmin',
  tag: 'help',
  summary: 'E10 the help of a screen in both languages, with its active flag, for edition',
  query: z.object({ screen: helpScreen }),
  response: helpEdition,
});

export const saveHelp = defineEndpoint({
  method: 'PUT',
  path: '/api/help',
  access: 'superAdmin',
  tag: 'help',
  summary: 'E10 save the help of a screen: title and description in French and English, active or not',
  body: helpInput,
  response: helpEdition,
});

export const setTextEditionMode = defineEndpoint({
  method: 'PUT',
  path: '/api/me/text-edition',
  access: 'superAdmin',
  tag: 'help',
  summary: 'E10 text-edition mode of a super-admin: on, the help button opens the help’s edition',
  body: z.object({ enabled: z.boolean() }),
  response: currentUser,
});
