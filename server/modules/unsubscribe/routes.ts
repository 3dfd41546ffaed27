import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../../contracts/http';
import {
  exportUnsubscribesCsv,
  listUnsubscribes,
  resubscribe,
  UNSUBSCRIBE_REQUESTS_PER_MINUTE,
} from '../../../contracts/unsubscribe';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { languageFromHeader } from '../../i18n';
import { sendCsv } from '../files/routes';
import { askPage, donePage, doneText, notFoundPage, type SubscriptionView } from './page';
import * as service from './service';

/** A form body is small: `List-Unsubscribe=One-Click`, or the page's `lang`. */
const FORM_BODY_LIMIT = 4096;

const asLanguage = (value: unknown): Language | undefined =>
  value === 'fr' || value === 'en' ? value : undefined;

/** What the page is written for: the language asked (the page's link, the form), else the person's own. */
const pageLanguage = (asked: unknown, own: string): Language =>
  asLanguage(asked) ?? (own === 'en' ? 'en' : 'fr');

/** The fields of a POST: a URL-encoded form (the page, most mail clients) or multipart (RFC 8058's SHOULD). */
async function formFields(request: FastifyRequest): Promise<Record<string, string>> {
  if (!request.isMultipart()) return (request.body as Record<string, string> | undefined) ?? {};
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field' && typeof part.value === 'string') fields[part.fieldname] = part.value;
    else if (part.type === 'file') part.file.resume();
  }
  return fields;
}

/** One person's page: never cached, never indexed, never framed (the app's security headers apply). */
function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex')
    .send(html);
}

function viewOf(token: string, found: NonNullable<Awaited<ReturnType<typeof service.findSubscription>>>) {
  return {
    token,
    project: { fr: found.projectNameFr, en: found.projectNameEn },
    organisation: found.companyName,
    timeZone: found.timeZone,
    unsubscribedAt: found.unsubscribedAt,
  } satisfies SubscriptionView;
}

/**
 * The organiser's list, and the public address `/u/<token>` (no session, no CSRF token: a mail client posts the
 * one-click form without either; the token is the key). Both public routes are limited per client address and
 * minute before anything is read. A GET only shows; a POST unsubscribes at once.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listUnsubscribes, ({ auth, params, query }) =>
    service.listUnsubscribes(deps, auth, params.projectId, query),
  );
  route(app, exportUnsubscribesCsv, async ({ auth, params, query, reply }) => {
    const file = await service.exportUnsubscribesCsv(deps, auth, params.projectId, query);
    return sendCsv(reply, file) as never;
  });
  route(app, resubscribe, ({ auth, params }) =>
    service.resubscribe(deps, auth, params.projectId, params.participantId),
  );

  // Its own scope: the URL-encoded form parser serves these two routes only (the API reads JSON).
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const options = {
      schema: { hide: true },
      config: { rateLimit: { max: UNSUBSCRIBE_REQUESTS_PER_MINUTE, timeWindow: 60_000 } },
      bodyLimit: FORM_BODY_LIMIT,
    };
    type TokenRequest = FastifyRequest<{ Params: { token: string }; Querystring: { lang?: string } }>;

    scope.get('/u/:token', options, async (request: TokenRequest, reply) => {
      const { token } = request.params;
      const found = await service.findSubscription(deps, token);
      if (!found) {
        const lang = asLanguage(request.query.lang) ?? languageFromHeader(request.headers['accept-language']);
        return sendPage(reply, 404, notFoundPage(lang));
      }
      const view = viewOf(token, found);
      const lang = pageLanguage(request.query.lang, found.language);
      const { unsubscribedAt } = view;
      return sendPage(
        reply,
        200,
        unsubscribedAt ? donePage({ ...view, unsubscribedAt }, lang) : askPage(view, lang),
      );
    });

    scope.post('/u/:token', options, async (request: TokenRequest, reply) => {
      const { token } = request.params;
      const fields = await formFields(request);
      const oneClick = fields['List-Unsubscribe'] === 'One-Click';
      const unsubscribedAt = await service.unsubscribe(deps, token);
      const found = unsubscribedAt ? await service.findSubscription(deps, token) : undefined;
      if (!unsubscribedAt || !found) {
        const lang = asLanguage(fields.lang) ?? languageFromHeader(request.headers['accept-language']);
        if (oneClick) return reply.code(404).type('text/plain; charset=utf-8').send('');
        return sendPage(reply, 404, notFoundPage(lang));
      }
      const view = viewOf(token, found);
      const lang = pageLanguage(fields.lang, found.language);
      if (oneClick) {
        return reply
          .code(200)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(doneText(view, lang));
      }
      return sendPage(reply, 200, donePage({ ...view, unsubscribedAt }, lang));
    });
  });
}
