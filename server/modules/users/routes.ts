import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  acceptInvitation,
  cancelInvitation,
  checkPasswordReset,
  deleteUser,
  generatePin,
  getInvitation,
  getUser,
  inviteUser,
  listUsers,
  PIN_ATTEMPTS_PER_WINDOW,
  PIN_WINDOW_SECONDS,
  RESET_REQUESTS_PER_WINDOW,
  RESET_WINDOW_SECONDS,
  requestPasswordReset,
  resendInvitation,
  resetPassword,
  signInWithPin,
  updateUser,
  updateUserSettings,
} from '../../../contracts/users';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { browserOf, startSession } from '../session/routes';
import * as account from './account';
import * as service from './service';

/** Attempts per address and e-mail, counted before the handler (after the body is read). */
const perAddressAndEmail = (max: number, seconds: number) => ({
  rateLimit: {
    max,
    timeWindow: seconds * 1000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      `${request.ip}:${String((request.body as { email?: string })?.email ?? '').toLowerCase()}`,
  },
});

export function registerUserRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listUsers, ({ auth, query }) => service.listUsers(deps, auth, query));
  route(app, getUser, ({ auth, params }) => service.getUser(deps, auth, params.userId));
  route(app, updateUser, ({ auth, params, body }) => service.updateUser(deps, auth, params.userId, body));
  route(app, updateUserSettings, ({ auth, params, body }) =>
    service.updateSettings(deps, auth, params.userId, body),
  );
  route(app, deleteUser, ({ auth, params }) => service.deleteUser(deps, auth, params.userId));
  route(app, inviteUser, ({ auth, body }) => service.inviteUser(deps, auth, body));
  route(app, resendInvitation, ({ auth, params }) => service.resendInvitation(deps, auth, params.userId));
  route(app, cancelInvitation, ({ auth, params }) => service.cancelInvitation(deps, auth, params.userId));
  route(app, generatePin, ({ auth, params }) => service.generatePin(deps, auth, params.userId));

  route(app, getInvitation, ({ params }) => account.getInvitation(deps, params.token));
  route(app, acceptInvitation, async ({ params, body, request, reply }) =>
    startSession(
      deps,
      reply,
      await account.acceptInvitation(deps, params.token, body.password, browserOf(request)),
    ),
  );
  route(app, requestPasswordReset, ({ body }) => account.requestReset(deps, body.email), {
    ...perAddressAndEmail(RESET_REQUESTS_PER_WINDOW, RESET_WINDOW_SECONDS),
  });
  route(app, checkPasswordReset, ({ params }) => account.checkReset(deps, params.token));
  route(app, resetPassword, async ({ params, body, request, reply }) =>
    startSession(
      deps,
      reply,
      await account.resetPassword(deps, params.token, body.password, browserOf(request)),
    ),
  );
  route(
    app,
    signInWithPin,
    async ({ body, request, reply }) =>
      startSession(deps, reply, await account.signInWithPin(deps, body.email, body.pin, browserOf(request))),
    perAddressAndEmail(PIN_ATTEMPTS_PER_WINDOW, PIN_WINDOW_SECONDS),
  );
}
