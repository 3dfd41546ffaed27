import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deleteFile, uploadDocument, uploadEditorImage, uploadImage } from '../../../contracts/files';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { sendProblem } from '../../http/errors';
import * as service from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Uploads per user (or address) and minute, on each upload route: decoding images is the server's costliest work. */
export const UPLOADS_PER_MINUTE = 60;

/**
 * Counted before the body is read (the session hook has run: the caller is known). Over the limit: 429
 * `tooManyAttempts`.
 */
const uploadRateLimit = {
  max: UPLOADS_PER_MINUTE,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
};

export function registerFileRoutes(app: FastifyInstance, deps: Deps) {
  route(app, uploadImage, ({ auth, body }) => service.uploadImage(deps, auth, body), {
    rateLimit: uploadRateLimit,
  });
  route(app, uploadEditorImage, ({ auth, body }) => service.uploadEditorImage(deps, auth, body), {
    rateLimit: uploadRateLimit,
  });
  route(app, uploadDocument, ({ auth, body }) => service.uploadDocument(deps, auth, body), {
    rateLimit: uploadRateLimit,
  });
  route(app, deleteFile, ({ auth, params }) => service.deleteFile(deps, auth, params.fileId));

  // Images are public by their unguessable id: they go into e-mails and public pages. Never cached as anything
  // else than what they are; a file's bytes never change under its id.
  app.get<{ Params: { fileId: string } }>(
    '/files/:fileId',
    // Public, but the session (when there is one) is read: documents are served only within their company.
    { schema: { hide: true }, config: { access: 'public', touchesSession: false } },
    async (request, reply) => {
      const { fileId } = request.params;
      const file = UUID.test(fileId) ? await service.readFile(deps, fileId, request.auth) : null;
      if (!file) return sendProblem(request, reply, 404, 'notFound');
      if (file.download) {
        // A document: downloaded, kept out of shared caches.
        return reply
          .type(file.contentType)
          .header('content-disposition', attachment(file.download))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.bytes);
      }
      return reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(file.bytes);
    },
  );
}

/** A CSV made in memory (with its BOM), sent as a download that is neither cached nor sniffed. */
export function sendCsv(reply: FastifyReply, file: { filename: string; content: string }) {
  return sendDownload(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
}

/** A download (a text, bytes or a stream): its name, never cached, never sniffed. */
export function sendDownload(
  reply: FastifyReply,
  file: { filename: string; contentType: string; content: unknown },
) {
  return reply
    .type(file.contentType)
    .header('content-disposition', attachment(file.filename))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}

/** A download's header: an ASCII fallback name and the exact name (RFC 6266 / 5987). */
export function attachment(filename: string) {
  const ascii =
    filename
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
