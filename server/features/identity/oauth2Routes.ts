import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { OAuthErrorSchema, OAuthTokenRequestSchema, OAuthTokenSchema } from '../../../domain/schemas/auth';
import type { AppContext } from '../../kernel/appContext';
import { readClientCredentials } from './clientCredentials';
import { OAuthFailure, oauthErrorAnswer } from './oauthErrors';
import { HttpError } from '../../kernel/http/errors';
import { grantTokens } from './oauthService';

const DESCRIPTION = `OAuth2 token endpoint (RFC 6749): a form body (application/x-www-form-urlencoded; JSON is read too),
the client id and secret in HTTP Basic authentication (a public client sends its id with an empty secret, or
client_id alone in the form).

- grant_type=password&username=..&password=..[&scope=..]: an access token, and for a confidential client a refresh
  token.
- grant_type=refresh_token&refresh_token=..[&scope=..]: a new access token and a new refresh token; the presented one
  stops, and presenting it again revokes every token of its sign-in. Confidential clients only.
- grant_type=client_credentials[&scope=..]: an access token of the client itself, with the rights given to it per
  project. Confidential clients only.

scope: rights' names separated by spaces (pass:read pass:write template:read ...; docs/api.md "Machine clients and
scopes") narrow the token to them, and are echoed; an unknown one is invalid_scope. Errors are
{error, error_description}: with RFC 6749 statuses (400, 401 for client authentication, 429 after too many failed
sign-ins), or, when the server runs with OAUTH2_COMPAT=yourpass, all with status 200 and the codes Yourpass's clients
expect (unauthorized_client for a wrong client secret, invalid_grant for an empty username or password).`;

function sendFailure(reply: FastifyReply, context: AppContext, failure: OAuthFailure) {
  const answer = oauthErrorAnswer(context.config.oauth2Compat, failure);
  return reply.status(answer.status).headers(answer.headers).send(answer.body);
}

/** OAuth2 token endpoint for integrations: the password, refresh_token and client_credentials grants. */
export function oauth2Routes(context: AppContext) {
  return async (app: FastifyInstance) => {
    // A body that cannot be read is refused in the OAuth2 error shape too, since clients only parse that one here.
    app.setErrorHandler((error: FastifyError | HttpError, _request, reply) => {
      const status = error.statusCode ?? 500;
      if (status < 400 || status >= 500) throw error;
      const message =
        error instanceof HttpError || !('code' in error) || error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? error.message
          : 'The request body is too large.';
      return sendFailure(reply, context, new OAuthFailure('badRequest', message, {}, status));
    });

    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/oauth2/token',
      {
        // The form is read by the grant itself, so that every refusal has the OAuth2 error shape.
        attachValidation: true,
        schema: {
          operationId: 'getOAuth2Token',
          summary: 'Get an OAuth2 access token',
          tags: ['auth'],
          description: DESCRIPTION,
          security: [{ basic: [] }],
          consumes: ['application/x-www-form-urlencoded'],
          body: OAuthTokenRequestSchema,
          response: {
            200: Type.Union([OAuthTokenSchema, OAuthErrorSchema]),
            400: OAuthErrorSchema,
            401: OAuthErrorSchema,
            413: OAuthErrorSchema,
            429: OAuthErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const body: unknown = request.body;
        const form =
          body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
        try {
          const answer = await grantTokens(context, {
            client: readClientCredentials(request.headers.authorization, form),
            form,
            address: request.ip,
          });
          return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
        } catch (error) {
          if (error instanceof OAuthFailure) return sendFailure(reply, context, error);
          throw error;
        }
      },
    );
  };
}
