import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkSession,
  extendSession,
  getSession,
  selectProject,
  signIn,
  signOut,
  switchCompany,
  updatePreferences,
} from '../../../contracts/auth';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { authorize } from '../../policies';
import type { AuthContext } from './auth-context';
import { forgetSessions } from './cache';
import * as service from './service';

/**
 * P1: loads the session of every API call; refuses calls that need one (401). A4: then asks the policy whether the
 * caller holds the route's right (server/policies `authorize`: 403 translated, or 404 for a project out of reach).
 */
export function registerSessionHook(app: FastifyInstance, deps: Deps) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const { access, right, touchesSession } = request.routeOptions.config;
    if (!access) return; // not an API route: static files of the web app
    const token = request.cookies[service.SESSION_COOKIE];
    if (token) {
      request.auth = await service.authenticate(deps, token, {
        touch: access !== 'public' && !!touchesSession,
      });
    }
    if (access === 'public') return;
    if (!request.auth) {
      throw new AppError(token ? 'auth.sessionExpired' : 'auth.required', 'unauthenticated');
    }
    authorize(request.auth, right ?? 'superAdmin', request.params);
  });
  // Any call but a read may have changed a session, a user or a company (signed out, archived, rights lost):
  // once its handler is done, every session this app keeps is read again at its next call (./cache.ts).
  app.addHook('onSend', async (request) => {
    if (request.routeOptions.config.access && !READS.has(request.method)) forgetSessions(deps);
  });
}

/** Who signs in: the address, the browser, and its current session (replaced by the new one). */
export function browserOf(request: FastifyRequest) {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    previousToken: request.cookies[service.SESSION_COOKIE] as string | undefined,
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session cookie's options (HttpOnly, SameSite=Lax, Secure per COOKIE_SECURE). */
export function sessionCookieOptions(deps: Deps) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: deps.config.session.cookieSecure, path: '/' };
}

/** What a sign-in answers: the user, a CSRF token and the session times. */
export async function sessionStateOf(deps: Deps, reply: FastifyReply, auth: AuthContext | null) {
  return {
    user: auth ? await service.getCurrentUser(deps, auth) : null,
    csrfToken: reply.generateCsrf(),
    session: service.sessionTimes(deps, auth),
  };
}

/** Sets the cookie of a session just opened and answers its state (password, PIN, invitation, reset). */
export function startSession(deps: Deps, reply: FastifyReply, opened: { token: string; auth: AuthContext }) {
  reply.setCookie(service.SESSION_COOKIE, opened.token, sessionCookieOptions(deps));
  return sessionStateOf(deps, reply, opened.auth);
}

export function registerSessionRoutes(app: FastifyInstance, deps: Deps) {
  const cookieOptions = sessionCookieOptions(deps);
  const sessionState = (reply: FastifyReply, auth: AuthContext | null) => sessionStateOf(deps, reply, auth);

  route(app, getSession, async ({ auth, reply }) => sessionState(reply, auth));

  route(
    app,
    signIn,
    async ({ body, request, reply }) => {
      const opened = await service.signIn(deps, { ...body, ...browserOf(request) });
      return startSession(deps, reply, opened);
    },
    {
      // Login rate limiting: attempts per address and e-mail within the window (LOGIN_MAX_ATTEMPTS, LOGIN_WINDOW_SECONDS).
      rateLimit: {
        max: deps.config.login.maxAttempts,
        timeWindow: deps.config.login.windowSeconds * 1000,
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) =>
          `${request.ip}:${String((request.body as { email?: string })?.email ?? '').toLowerCase()}`,
      },
    },
  );

  route(app, signOut, async ({ request, reply }) => {
    await service.signOut(deps, request.cookies[service.SESSION_COOKIE]);
    reply.clearCookie(service.SESSION_COOKIE, cookieOptions);
    return { ok: true as const };
  });

  route(app, checkSession, async ({ auth }) => service.sessionTimes(deps, auth));

  route(app, extendSession, async ({ auth }) => service.sessionTimes(deps, await service.extend(deps, auth)));

  route(app, updatePreferences, async ({ auth, body }) => service.setLocale(deps, auth, body.locale));

  route(app, selectProject, async ({ auth, body }) => service.selectProject(deps, auth, body.projectId));

  route(app, switchCompany, async ({ auth, body }) => service.switchCompany(deps, auth, body.companyId));
}
