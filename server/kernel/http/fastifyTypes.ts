import type { Viewer } from '../../../domain/schemas/user';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user; set by the authentication hook on every protected route */
    viewer: Viewer;
    sessionId: string;
  }
}
