import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerFileRoutes(_app: FastifyInstance, _deps: Deps) {}
