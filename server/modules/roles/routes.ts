import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerRoleRoutes(_app: FastifyInstance, _deps: Deps) {}
