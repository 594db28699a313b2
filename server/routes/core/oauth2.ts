import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OAuthErrorSchema, OAuthTokenSchema } from '../../../domain/schemas/auth';
import type { AppContext } from '../../appContext';
import { sameSecret, sha256 } from '../../auth/secrets';
import { HttpError } from '../../http/errors';
import { apiClientRepository } from '../../repositories/apiClientRepository';
import { checkCredentials, startSession } from '../../services/authService';

type OAuthError =
  'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type';

function oauthError(reply: FastifyReply, error: OAuthError, description: string) {
  const status = error === 'invalid_client' ? 401 : 400;
  if (status === 401) reply.header('www-authenticate', 'Basic realm="oauth2"');
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ error, error_description: description });
}

/** OAuth2 has no code for "slow down" at this endpoint: the error it would be, with 429 and Retry-After. */
function tooManyAttempts(reply: FastifyReply, error: OAuthError, seconds: number, description: string) {
  return reply
    .status(429)
    .headers({ 'retry-after': String(seconds), 'cache-control': 'no-store' })
    .send({ error, error_description: description });
}

function clientCredentials(request: FastifyRequest, body: Record<string, unknown>) {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  }
  if (typeof body.client_id === 'string' && typeof body.client_secret === 'string')
    return { id: body.client_id, secret: body.client_secret };
  return undefined;
}

/** OAuth2 resource-owner password grant (RFC 6749 section 4.3) for integrations. */
export function oauth2Routes(context: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/oauth2/token',
      {
        schema: {
          tags: ['auth'],
          description:
            'Form body grant_type=password&username=..&password=..; client id and secret in HTTP Basic.',
          response: {
            200: OAuthTokenSchema,
            400: OAuthErrorSchema,
            401: OAuthErrorSchema,
            429: OAuthErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
          string,
          unknown
        >;
        let credentials;
        try {
          credentials = clientCredentials(request, body);
        } catch {
          credentials = undefined;
        }
        if (!credentials) return oauthError(reply, 'invalid_client', 'Client authentication is required.');
        const { clientSecrets } = context.limits;
        const wait = clientSecrets.retryAfter(credentials.id, request.ip);
        if (wait > 0)
          return tooManyAttempts(
            reply,
            'invalid_client',
            wait,
            `Too many failed client authentications. Try again in ${wait} seconds.`,
          );
        const client = await apiClientRepository.findLiveByClientId(context.db, credentials.id);
        if (!client || !sameSecret(client.secretHash, sha256(credentials.secret))) {
          clientSecrets.fail(credentials.id, request.ip);
          return oauthError(reply, 'invalid_client', 'Unknown client or wrong client secret.');
        }
        clientSecrets.succeed(credentials.id, request.ip);
        if (!client.active) return oauthError(reply, 'unauthorized_client', 'This client is disabled.');
        if (body.grant_type === undefined)
          return oauthError(reply, 'invalid_request', 'grant_type is required.');
        if (body.grant_type !== 'password')
          return oauthError(reply, 'unsupported_grant_type', 'Only grant_type=password is supported.');
        if (typeof body.username !== 'string' || typeof body.password !== 'string' || !body.username)
          return oauthError(reply, 'invalid_request', 'username and password are required.');
        try {
          const userId = await checkCredentials(context, body.username, body.password, request.ip);
          if (!userId) return oauthError(reply, 'invalid_grant', 'Invalid username or password.');
          const { token, expiresIn } = await startSession(context, userId);
          reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
          return { access_token: token, token_type: 'Bearer' as const, expires_in: expiresIn };
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 429)
            return tooManyAttempts(
              reply,
              'invalid_grant',
              Number(error.headers?.['retry-after']),
              error.message,
            );
          throw error;
        }
      },
    );
  };
}
