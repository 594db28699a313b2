import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../../../domain/schemas/common';
import type { AppContext } from '../../../../kernel/appContext';
import { CALLBACK_BODY_BYTES, CallbackBodySchema } from './callbackSchemas';
import { createGoogleCallbacks } from './googleCallbacks';

const errors = {
  400: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  413: ErrorSchema,
  424: ErrorSchema,
};

/**
 * Google Wallet's save and delete callbacks (mounted at /wallet/google): public, no session; the message's
 * signature is the authentication. Not rate-limited per address as Apple's web service is: they all come from
 * Google's addresses.
 *
 * @example await app.register(googleCallbackRoutes(context), { prefix: '/wallet/google' })
 */
export function googleCallbackRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const callbacks = createGoogleCallbacks(context);
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    routes.post(
      '/v1/callback',
      {
        bodyLimit: Math.min(CALLBACK_BODY_BYTES, context.config.bodyLimitBytes),
        schema: {
          operationId: 'receiveGoogleWalletCallback',
          summary: "Receive Google Wallet's save and delete callback",
          tags: ['wallet'],
          description:
            "Google Wallet's save and delete callback (the callbackOptions.url of each class we save), signed as " +
            "ECv2SigningOnly: verified against Google's root signing keys (GOOGLE_WALLET_CALLBACK_KEYS_URL) for the " +
            'sender ids of GOOGLE_WALLET_CALLBACK_SENDER_IDS and the issuer of the pass. A save counts as an Android ' +
            'device of the pass (devices.android), a delete ends it; both are pass events the reports count. 400 for ' +
            'a malformed callback or another protocol, 403 for a signature that does not verify or an expired key or ' +
            'message, 404 for an object that is not a pass of ours, 409 for a nonce received already, 413 beyond ' +
            `${CALLBACK_BODY_BYTES} bytes, 424 (with Retry-After) while Google's keys cannot be fetched: Google ` +
            'retries a callback not answered 2xx. Each answer but 200 changes nothing.',
          body: CallbackBodySchema,
          response: { 200: Type.Null(), ...errors },
        },
      },
      async (request, reply) => {
        await callbacks.receive(request.body);
        return reply.status(200).send(null);
      },
    );
  };
}
