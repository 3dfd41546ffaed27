import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerReleaseRoutes(_app: FastifyInstance, _deps: Deps) {}
