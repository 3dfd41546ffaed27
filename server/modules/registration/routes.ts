import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  getRegistrationPageAddress,
  makeRegistrationPageAddress,
  purchaseRegistration,
  quoteRegistration,
  REGISTRATION_PAGE_READS_PER_MINUTE,
  REGISTRATION_PURCHASES_PER_MINUTE,
  readRegistrationPage,
  setRegistrationPageOpen,
} from '../../../contracts/registration';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as publicService from './public-service';
import { purchase } from './purchase';
import * as service from './service';

export function registerRegistrationRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getRegistrationPageAddress, ({ auth, params }) =>
    service.getAddress(deps, auth, params.projectId),
  );
  route(app, makeRegistrationPageAddress, ({ auth, params }) =>
    service.makeAddress(deps, auth, params.projectId),
  );
  route(app, setRegistrationPageOpen, ({ auth, params, body }) =>
    service.setOpen(deps, auth, params.projectId, body.open),
  );
  // No session: the secret address is the key. Limited per client address, before anything is read.
  const reads = { rateLimit: { max: REGISTRATION_PAGE_READS_PER_MINUTE, timeWindow: 60_000 } };
  // Purchases are counted per client address and page: one visitor's tries on one page, not a whole venue's Wi-Fi
  // across every event (a wrong token answers 404 whatever the count: tokens cannot be guessed).
  const buys = {
    rateLimit: {
      max: REGISTRATION_PURCHASES_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) =>
        `${request.ip}:${(request.params as { token?: string }).token ?? ''}`,
    },
  };
  // What is on sale changes by the second (seats left): no cache keeps it.
  const fresh = <T>(reply: FastifyReply, answer: Promise<T>) => {
    reply.header('cache-control', 'private, no-store');
    return answer;
  };
  route(
    app,
    readRegistrationPage,
    ({ params, query, reply }) => fresh(reply, publicService.readPage(deps, params.token, query.roleId)),
    reads,
  );
  route(
    app,
    quoteRegistration,
    ({ params, body, reply }) => fresh(reply, publicService.quote(deps, params.token, body)),
    reads,
  );
  route(
    app,
    purchaseRegistration,
    ({ params, body, reply }) => fresh(reply, purchase(deps, params.token, body)),
    buys,
  );
}
