import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerGroupRoutes(_app: FastifyInstance, _deps: Deps) {}
