import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerTextRoutes(_app: FastifyInstance, _deps: Deps) {}
