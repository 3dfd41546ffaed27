import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerParticipantRoutes(_app: FastifyInstance, _deps: Deps) {}
