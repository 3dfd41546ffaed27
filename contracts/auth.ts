import { z } from 'zod';
import { COMPANY_ROLES, PROJECT_ROLES, type UserAccess } from './access-policy';
import { defineEndpoint, emailAddress, language, ok, timestamp } from './http';

/** A4: the signed-in user's access (contracts/access-policy.ts), sent with the session for the menu. */
export const userAccess: z.ZodType<UserAccess, UserAccess> = z.object({
  isSuperAdmin: z.boolean(),
  role: z.enum(COMPANY_ROLES),
  /** False: the user works only in the projects listed (administrators always work in every project). */
  allProjects: z.boolean(),
  projects: z.array(z.object({ projectId: z.uuid(), role: z.enum(PROJECT_ROLES) })),
});

export const currentUser = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  locale: language,
  isSuperAdmin: z.boolean(),
  lastProjectId: z.uuid().nullable(),
  company: z.object({ id: z.uuid(), name: z.string(), isDemo: z.boolean() }),
  homeCompanyId: z.uuid(),
  /** E10: a super-admin in text-edition mode edits the help of a screen instead of reading it. */
  textEditionMode: z.boolean(),
  /** A4: the user's role and project scope, which the menu reads (contracts/access.ts `decide`). */
  access: userAccess,
});
export type CurrentUser = z.infer<typeof currentUser>;

export const sessionTimes = z.object({
  /** P1: fewer than the warning delay remains; the web shows the continue modal. */
  timeWarn: z.boolean(),
  /** P1: the session is over; the web returns to sign-in. */
  timeClose: z.boolean(),
  expiresAt: timestamp.nullable(),
  checkSeconds: z.number().int(),
});

export const sessionState = z.object({
  user: currentUser.nullable(),
  csrfToken: z.string(),
  session: sessionTimes,
});

export const getSession = defineEndpoint({
  method: 'GET',
  path: '/api/session',
  access: 'public',
  tag: 'session',
  summary: 'The signed-in user (or null), a CSRF token, and the session times',
  response: sessionState,
  touchesSession: false,
});

export const signIn = defineEndpoint({
  method: 'POST',
  path: '/api/session',
  access: 'public',
  tag: 'session',
  summary: 'Sign in with e-mail and password',
  body: z.object({
    email: emailAddress,
    password: z.string().min(1, { error: 'validation.empty' }).max(200),
  }),
  response: sessionState,
});

export const signOut = defineEndpoint({
  method: 'DELETE',
  path: '/api/session',
  access: 'public',
  tag: 'session',
  summary: 'Sign out: the session is deleted',
  response: ok,
});

export const checkSession = defineEndpoint({
  method: 'GET',
  path: '/api/session/status',
  access: 'public',
  tag: 'session',
  summary: 'P1 session check, every 60 s: timeWarn and timeClose; does not count as activity',
  response: sessionTimes,
  touchesSession: false,
});

export const extendSession = defineEndpoint({
  method: 'POST',
  path: '/api/session/extend',
  access: 'signedIn',
  tag: 'session',
  summary: 'P1 continue: extends the session by the idle duration',
  response: sessionTimes,
});

export const updatePreferences = defineEndpoint({
  method: 'PATCH',
  path: '/api/me',
  access: 'signedIn',
  tag: 'session',
  summary: 'P4 the language remembered for the user',
  body: z.object({ locale: language }),
  response: currentUser,
});

export const selectProject = defineEndpoint({
  method: 'PUT',
  path: '/api/me/project',
  access: 'signedIn',
  tag: 'session',
  summary: 'J1 selection: the project that frames the menu and later pages, remembered for the user',
  body: z.object({ projectId: z.uuid({ error: 'validation.id' }) }),
  response: currentUser,
});

export const switchCompany = defineEndpoint({
  method: 'POST',
  path: '/api/session/company',
  access: 'superAdmin',
  tag: 'session',
  summary: 'P2 super-admin: work in another company (recorded)',
  body: z.object({ companyId: z.uuid({ error: 'validation.id' }) }),
  response: currentUser,
});
