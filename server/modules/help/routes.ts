import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerHelpRoutes(_app: FastifyInstance, _deps: Deps) {}
