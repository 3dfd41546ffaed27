import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerWizardRoutes(_app: FastifyInstance, _deps: Deps) {}
