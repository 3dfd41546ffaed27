import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerOrganisationRoutes(_app: FastifyInstance, _deps: Deps) {}
