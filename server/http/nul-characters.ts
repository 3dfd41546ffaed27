import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** The path of the first text value holding U+0000 (`projectIds.0`, `name`), or undefined when there is none. */
export function nulCharacterField(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulCharacterField(inner, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000: a search or a name containing it made the database fail (500). Such input
 * is refused before validation, as an invalid value under its field.
 */
export function registerNulCharacterGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field =
      nulCharacterField(request.params) ??
      nulCharacterField(request.query) ??
      nulCharacterField(request.body);
    if (field !== undefined) throw AppError.field(field, 'validation.invalid');
  });
}
