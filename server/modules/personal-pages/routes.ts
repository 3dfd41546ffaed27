import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  getPersonalPageAddress,
  makePersonalPageAddress,
  PERSONAL_PAGE_READS_PER_MINUTE,
  readOwnAnswers,
  readPersonalPage,
  readPersonalPageLogo,
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
  // What the page shows is one person's own: no shared cache keeps it.
  const personal = <T>(reply: FastifyReply, answer: Promise<T>) => {
    reply.header('cache-control', 'private, no-store');
    return answer;
  };
  route(
    app,
    readOwnAnswers,
    ({ params, reply }) => personal(reply, service.readAnswers(deps, params.token)),
    limit,
  );
  route(
    app,
    saveOwnAnswers,
    ({ params, body, reply }) => personal(reply, service.saveAnswers(deps, params.token, body.answers)),
    limit,
  );
  route(
    app,
    readPersonalPage,
    ({ params, reply }) => personal(reply, service.readPage(deps, params.token)),
    limit,
  );
  route(
    app,
    readPersonalPageLogo,
    async ({ params, reply }) => {
      const logo = await service.readLogo(deps, params.token);
      return reply
        .type(logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(logo.bytes) as never;
    },
    limit,
  );
}
