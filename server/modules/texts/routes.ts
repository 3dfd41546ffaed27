import type { FastifyInstance } from 'fastify';
import {
  createVideoEmbed,
  getTextEntry,
  listMissingTranslations,
  listProjectTexts,
  saveTextBoth,
  saveTextLanguage,
} from '../../../contracts/texts';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as embed from './embed';
import * as service from './service';

/** Two texts of up to 500,000 visible characters each, with their markup, exceed the server's default 1 MB. */
export const LONG_TEXT_BODY_LIMIT = 8 * 1024 * 1024;

export function registerTextRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getTextEntry, ({ auth, params }) => service.getText(deps, auth, params.kind, params.ownerId));
  route(
    app,
    saveTextLanguage,
    ({ auth, params, body }) =>
      service.saveTextLanguage(deps, auth, params.kind, params.ownerId, body.language, body.text),
    { bodyLimit: LONG_TEXT_BODY_LIMIT },
  );
  route(
    app,
    saveTextBoth,
    ({ auth, params, body }) => service.saveTextBoth(deps, auth, params.kind, params.ownerId, body),
    { bodyLimit: LONG_TEXT_BODY_LIMIT },
  );
  route(app, listProjectTexts, ({ auth, params }) => service.listProjectTexts(deps, auth, params.projectId));
  route(app, listMissingTranslations, ({ auth, params }) =>
    service.listMissingTranslations(deps, auth, params.projectId),
  );
  route(app, createVideoEmbed, async ({ body }) => embed.createVideoEmbed(body.url));
}
