import type { AuthContext } from './modules/session/auth-context';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
