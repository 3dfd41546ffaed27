import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerMailRoutes(_app: FastifyInstance, _deps: Deps) {}
