import type { FastifyInstance } from 'fastify';
import {
  getPersonalPageAddress,
  makePersonalPageAddress,
  PERSONAL_PAGE_READS_PER_MINUTE,
  readOwnAnswers,
  readPersonalPage,
  revokePersonalPageAddress,
  saveOwnAnswers,
} from '../../../contracts/personal-pages';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerPersonalPageRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getPersonalPageAddress, ({ auth, params }) =>
    service.getAddress(deps, auth, params.projectId, params.participantId),
  );
  route(app, makePersonalPageAddress, ({ auth, params }) =>
    service.makeAddress(deps, auth, params.projectId, params.participantId),
  );
  route(app, revokePersonalPageAddress, ({ auth, params }) =>
    service.revokeAddress(deps, auth, params.projectId, params.participantId),
  );
  // No session: the secret address is the key. Limited per client address, before anything is read.
  const limit = { rateLimit: { max: PERSONAL_PAGE_READS_PER_MINUTE, timeWindow: 60_000 } };
  route(app, readOwnAnswers, ({ params }) => service.readAnswers(deps, params.token), limit);
  route(
    app,
    saveOwnAnswers,
    ({ params, body }) => service.saveAnswers(deps, params.token, body.answers),
    limit,
  );
  route(
    app,
    readPersonalPage,
    async ({ params, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return service.readPage(deps, params.token);
    },
    limit,
  );
}
