import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerProfileFieldRoutes(_app: FastifyInstance, _deps: Deps) {}
