import type { TObject } from '@sinclair/typebox';
import type { Viewer } from '../../../domain/schemas/user';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user; set by the authentication hook on every protected route */
    viewer: Viewer;
    sessionId: string;
    /** the body as received, kept only for a request with an Idempotency-Key (http/idempotency.ts hashes it) */
    rawBody?: string;
    /** the Idempotency-Key this request holds while it runs (http/idempotency.ts) */
    idempotencyClaim?: { principal: string; key: string };
  }

  interface FastifySchema {
    /**
     * The request body the OpenAPI document shows, never validated (`multipartBody`): a multipart body is read by
     * the route itself (kernel/http/multipart.ts), and a `body` schema would have Fastify validate the unread stream.
     */
    documentedBody?: TObject;
  }
}
