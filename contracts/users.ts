/** A1: the company's back-office users, invitations, password reset and kiosk PINs. */
import { z } from 'zod';
import { sessionState } from './auth';
import {
  defineEndpoint,
  emailAddress,
  encodeMessage,
  language,
  listQuery,
  listResponse,
  ok,
  requiredText,
  timestamp,
  uuidParam,
} from './http';
import { userRole, userSortable } from './user-list';

/** A user's role in their company (A4 enforces what each may do): contracts/user-list.ts. */
export { USER_ROLES, type UserRole, userRole, userSortable } from './user-list';

/** `invited`: has not chosen a password yet; `invitationExpired`: and the invitation's link is over. */
export const USER_STATUSES = ['active', 'invited', 'invitationExpired'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A new password: at least this many characters, and not one of the common passwords (checked by the server). */
export const PASSWORD_MIN_LENGTH = 10;
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, {
    error: encodeMessage('validation.passwordTooShort', { minimum: PASSWORD_MIN_LENGTH }),
  })
  .max(200, { error: encodeMessage('validation.tooLong', { maximum: 200 }) });

/** « Mot de passe oublié » requests per address and e-mail within RESET_WINDOW_SECONDS. */
export const RESET_REQUESTS_PER_WINDOW = 3;
export const RESET_WINDOW_SECONDS = 900;
/** PIN sign-in attempts per address and e-mail within PIN_WINDOW_SECONDS; a PIN is spent after PIN_MAX_FAILURES. */
export const PIN_ATTEMPTS_PER_WINDOW = 5;
export const PIN_WINDOW_SECONDS = 900;
export const PIN_MAX_FAILURES = 5;
export const PIN_LENGTH = 6;

export const userItem = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: userRole,
  status: z.enum(USER_STATUSES),
  locale: language,
  lastProjectId: z.uuid().nullable(),
  lastSignInAt: timestamp.nullable(),
  /** The invitation's end, while the user is invited. */
  invitationExpiresAt: timestamp.nullable(),
  isSelf: z.boolean(),
});
export type UserItem = z.input<typeof userItem>;

const userParams = z.object({ userId: uuidParam });

export const userListQuery = listQuery(userSortable).extend({ role: userRole.optional() });

export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/api/users',
  access: 'admin',
  tag: 'users',
  summary: 'A1 the back-office users of the company, by role (administrators only)',
  query: userListQuery,
  response: listResponse(userItem),
});

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/api/users/:userId',
  access: 'user',
  tag: 'users',
  summary: 'A1 one user (administrators, or the user themself)',
  params: userParams,
  response: userItem,
});

export const userInput = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailAddress,
  role: userRole,
});
export type UserInput = z.input<typeof userInput>;

export const updateUser = defineEndpoint({
  method: 'PUT',
  path: '/api/users/:userId',
  access: 'admin',
  tag: 'users',
  summary: 'A1 edit a user: names, e-mail, role (administrators only; the last administrator keeps the role)',
  params: userParams,
  body: userInput,
  response: userItem,
});

export const userSettingsInput = z.object({
  locale: language,
  /** The project the app opens first (null: the project list). */
  lastProjectId: z.uuid({ error: 'validation.id' }).nullable(),
});
export type UserSettingsInput = z.input<typeof userSettingsInput>;

export const updateUserSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/users/:userId/settings',
  access: 'signedIn',
  tag: 'users',
  summary:
    'A1 a user’s settings: language and the project opened first (the user themself, or an administrator)',
  params: userParams,
  body: userSettingsInput,
  response: userItem,
});

export const deleteUser = defineEndpoint({
  method: 'DELETE',
  path: '/api/users/:userId',
  access: 'admin',
  tag: 'users',
  summary:
    'A1 delete a user (not oneself, not the last administrator); what they made stays, their sessions end',
  params: userParams,
  response: ok,
});

export const inviteUser = defineEndpoint({
  method: 'POST',
  path: '/api/users/invitations',
  access: 'admin',
  tag: 'users',
  summary: 'A1 invite a colleague by e-mail (a link to choose a password, in their language)',
  body: userInput.extend({ locale: language }),
  response: userItem,
});

export const resendInvitation = defineEndpoint({
  method: 'POST',
  path: '/api/users/:userId/invitation',
  access: 'admin',
  tag: 'users',
  summary: 'A1 send the invitation again with a new link (the previous link stops working)',
  params: userParams,
  response: userItem,
});

export const cancelInvitation = defineEndpoint({
  method: 'DELETE',
  path: '/api/users/:userId/invitation',
  access: 'admin',
  tag: 'users',
  summary: 'A1 cancel an invitation: the invited user is removed and the link stops working',
  params: userParams,
  response: ok,
});

export const generatePin = defineEndpoint({
  method: 'POST',
  path: '/api/users/:userId/pin',
  access: 'admin',
  tag: 'users',
  summary: 'A1 a new kiosk PIN for a user, shown once (replaces the previous one)',
  params: userParams,
  response: z.object({ pin: z.string(), expiresAt: timestamp }),
});

// ---------- public: invitation, password reset, PIN sign-in ----------

const tokenParams = z.object({ token: z.string().min(20).max(100) });

export const getInvitation = defineEndpoint({
  method: 'GET',
  path: '/api/invitations/:token',
  access: 'public',
  tag: 'users',
  summary:
    'A1 the invitation of a link: who is invited, to which company (404 when used, cancelled or expired)',
  params: tokenParams,
  response: z.object({
    email: z.string(),
    firstName: z.string(),
    companyName: z.string(),
    locale: language,
  }),
  touchesSession: false,
});

export const acceptInvitation = defineEndpoint({
  method: 'POST',
  path: '/api/invitations/:token',
  access: 'public',
  tag: 'users',
  summary: 'A1 accept an invitation: choose a password, and be signed in',
  params: tokenParams,
  body: z.object({ password: newPassword }),
  response: sessionState,
});

export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/api/password-reset',
  access: 'public',
  tag: 'users',
  summary:
    'A1 « mot de passe oublié »: a link by e-mail; the same answer whether the address is known or not',
  body: z.object({ email: emailAddress }),
  response: ok,
});

export const checkPasswordReset = defineEndpoint({
  method: 'GET',
  path: '/api/password-reset/:token',
  access: 'public',
  tag: 'users',
  summary: 'A1 whether a reset link still works (404 when used or expired)',
  params: tokenParams,
  response: z.object({ email: z.string() }),
  touchesSession: false,
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/password-reset/:token',
  access: 'public',
  tag: 'users',
  summary: 'A1 choose a new password: every session of the user ends, then this browser is signed in',
  params: tokenParams,
  body: z.object({ password: newPassword }),
  response: sessionState,
});

export const signInWithPin = defineEndpoint({
  method: 'POST',
  path: '/api/session/pin',
  access: 'public',
  tag: 'session',
  summary:
    'A1 sign in on a kiosk with e-mail and PIN (rate-limited; the PIN is spent after a few wrong tries)',
  body: z.object({
    email: emailAddress,
    pin: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: 'validation.pin' }),
  }),
  response: sessionState,
});
