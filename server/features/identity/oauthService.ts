import type { OAuthTokenAnswer } from '../../../domain/schemas/auth';
import type { AppContext } from '../../kernel/appContext';
import type { ClientCredentials } from './clientCredentials';
import { OAuthFailure } from './oauthErrors';
import { sameSecret, sha256 } from '../../kernel/auth/secrets';
import type { ApiClientRow } from '../../kernel/db/tables';
import { HttpError } from '../../kernel/http/errors';
import { apiClientRepository } from './apiClientRepository';
import { refreshTokenRepository } from './refreshTokenRepository';
import { checkCredentials, endSession, openSession } from './authService';
import { sessionRepository } from './sessionRepository';
import { SCOPE_WORDS, scopeRights } from '../../../domain/scopes';

export interface TokenRequest {
  /** from the Authorization header or the form; 'malformed' when a Basic header cannot be read */
  client: ClientCredentials | 'malformed' | undefined;
  form: Record<string, unknown>;
  /** the caller's address, for sign-in attempt limits */
  address: string;
}

const WRONG_CLIENT = 'Unknown client or wrong client secret.';
const INVALID_REFRESH_TOKEN =
  'The refresh token is invalid, expired or revoked. Sign in again with grant_type=password.';
const REPLAYED_REFRESH_TOKEN =
  'The refresh token was used already, so every token of its sign-in is now revoked. Sign in again with grant_type=password.';

/** RFC 6749 section 3.3: space-separated tokens of printable ASCII except `"` and `\`. */
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

async function authenticateClient(
  context: AppContext,
  credentials: TokenRequest['client'],
  address: string,
): Promise<ApiClientRow> {
  if (credentials === 'malformed')
    throw new OAuthFailure(
      'malformedClientAuthentication',
      'The Authorization header is not HTTP Basic credentials: send "Basic " and the base64 of client_id:client_secret.',
    );
  if (!credentials)
    throw new OAuthFailure(
      'noClientAuthentication',
      'Client authentication is required: send the client id and secret with HTTP Basic authentication.',
    );
  // Client secrets are guessed under the same limits as passwords, counted apart (GuessThrottle).
  const { clientSecrets } = context.limits;
  const wait = await clientSecrets.retryAfter(credentials.id, address);
  if (wait > 0)
    throw new OAuthFailure(
      'tooManyClientSecretGuesses',
      `Too many failed client authentications. Try again in ${wait} seconds.`,
      { 'retry-after': String(wait) },
    );
  // A name no client can have is not looked up (PostgreSQL text cannot even hold NUL).
  const client =
    credentials.id.length <= 200 && !/\p{Cc}/u.test(credentials.id)
      ? await apiClientRepository.findLiveByClientId(context.db, credentials.id)
      : undefined;
  const secretMatches =
    client !== undefined &&
    (client.secretHash === null
      ? credentials.secret === ''
      : sameSecret(client.secretHash, sha256(credentials.secret)));
  if (!secretMatches) await clientSecrets.fail(credentials.id, address);
  if (!client) throw new OAuthFailure('unknownClient', WRONG_CLIENT);
  if (!secretMatches) throw new OAuthFailure('wrongClientSecret', WRONG_CLIENT);
  await clientSecrets.succeed(credentials.id, address);
  if (!client.active) throw new OAuthFailure('disabledClient', 'This client is disabled.');
  return client;
}

function requestedScope(value: unknown): string {
  if (value === undefined || value === '') return '';
  if (typeof value === 'string' && value.length <= 1000 && SCOPE.test(value)) return value;
  throw new OAuthFailure(
    'invalidScope',
    'scope must be words of printable characters separated by single spaces.',
  );
}

/**
 * The rights mask a scope narrows a token to (null: not narrowed). Each word names rights (domain/scopes.ts); an
 * unknown word is invalid_scope, but under OAUTH2_COMPAT=yourpass a scope with any word this server does not know
 * (Yourpass's Java client sends `scope`) narrows nothing and is only echoed, as Yourpass did.
 */
function scopeMask(context: AppContext, scope: string): number | null {
  if (!scope) return null;
  const rights = scopeRights(scope);
  if ('mask' in rights) return rights.mask;
  if (context.config.oauth2Compat === 'yourpass') return null;
  throw new OAuthFailure(
    'invalidScope',
    `Unknown scope ${rights.unknown.map((word) => `"${word}"`).join(', ')}. A scope is rights' names separated by spaces: ${Object.keys(SCOPE_WORDS).join(', ')}.`,
  );
}

function tokenAnswer(
  access: { token: string; expiresIn: number },
  refreshToken: string | undefined,
  scope: string,
): OAuthTokenAnswer {
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresIn,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    ...(scope ? { scope } : {}),
  };
}

async function passwordGrant(context: AppContext, client: ApiClientRow, request: TokenRequest) {
  const username = text(request.form.username).trim();
  const password = text(request.form.password);
  // Before any credential work: an empty name or password costs no password hash and no sign-in attempt.
  if (!username || !password)
    throw new OAuthFailure('missingUserCredentials', 'username and password are required.');
  const scope = requestedScope(request.form.scope);
  const mask = scopeMask(context, scope);
  let userId: string | undefined;
  try {
    userId = await checkCredentials(context, username, password, request.address);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429)
      throw new OAuthFailure('tooManyAttempts', error.message, error.headers);
    throw error;
  }
  if (!userId) throw new OAuthFailure('wrongUserCredentials', 'Invalid username or password.');

  const refreshTtl = client.isPublic ? 0 : context.config.refreshTokenTtlSeconds;
  const session = await openSession(
    context,
    { userId },
    Math.max(context.tokens.ttlSeconds, refreshTtl),
    mask,
  );
  if (refreshTtl === 0) return tokenAnswer(session, undefined, scope);
  const refresh = context.tokens.newRefreshToken();
  await refreshTokenRepository.insert(context.db, {
    sessionId: session.sessionId,
    apiClientId: client.id,
    tokenHash: refresh.hash,
    scope,
    ttlSeconds: refreshTtl,
  });
  return tokenAnswer(session, refresh.token, scope);
}

/** RFC 6749 section 6, with rotation: each refresh answers a new refresh token and the presented one stops. */
async function refreshGrant(context: AppContext, client: ApiClientRow, request: TokenRequest) {
  if (client.isPublic)
    throw new OAuthFailure('grantNotAllowed', 'A public client may only use grant_type=password.');
  const ttlSeconds = context.config.refreshTokenTtlSeconds;
  if (ttlSeconds === 0)
    throw new OAuthFailure(
      'unsupportedGrantType',
      'This server issues no refresh tokens: use grant_type=password.',
    );
  const presented = text(request.form.refresh_token);
  if (!presented) throw new OAuthFailure('missingRefreshToken', 'refresh_token is required.');
  const scope = requestedScope(request.form.scope);

  const grant = await refreshTokenRepository.findByHash(
    context.db,
    context.tokens.refreshTokenHash(presented),
  );
  // A token of another client proves nothing about its own family: refused, and nothing changes.
  if (!grant || grant.apiClientId !== client.id)
    throw new OAuthFailure('invalidRefreshToken', INVALID_REFRESH_TOKEN);
  if (grant.used) {
    // Two holders of one token: the family cannot tell the thief from the client, so all of it ends.
    await endSession(context, grant.sessionId);
    throw new OAuthFailure('replayedRefreshToken', REPLAYED_REFRESH_TOKEN);
  }
  if (!grant.live) throw new OAuthFailure('invalidRefreshToken', INVALID_REFRESH_TOKEN);
  const granted = new Set(grant.scope.split(' '));
  const narrowed = scope && scope !== grant.scope;
  if (narrowed && !scope.split(' ').every((word) => granted.has(word)))
    throw new OAuthFailure(
      'invalidScope',
      grant.scope
        ? `scope may only narrow the scope granted: "${grant.scope}".`
        : 'This sign-in was granted no scope.',
    );

  // A narrower scope narrows the sign-in: its session and the rest of its family hold no more than it names.
  const mask = narrowed ? scopeMask(context, scope) : null;
  const next = context.tokens.newRefreshToken();
  const rotated = await refreshTokenRepository.rotate(context.db, grant.id, {
    apiClientId: client.id,
    tokenHash: next.hash,
    scope: scope || grant.scope,
    ttlSeconds,
  });
  if (!rotated) {
    await endSession(context, grant.sessionId);
    throw new OAuthFailure('replayedRefreshToken', REPLAYED_REFRESH_TOKEN);
  }
  if (mask !== null) {
    await sessionRepository.narrow(context.db, grant.sessionId, mask);
    context.viewers.forgetSession(grant.sessionId);
  }
  const access = context.tokens.issue({ sub: grant.userId, sid: grant.sessionId });
  return tokenAnswer(access, next.token, scope || grant.scope);
}

/**
 * RFC 6749 section 4.4: a confidential client acts as itself, with the rights given to it per project
 * (apiClientProject) and never as an administrator; an access token only, of a session of its own.
 */
async function clientCredentialsGrant(context: AppContext, client: ApiClientRow, request: TokenRequest) {
  if (client.isPublic)
    throw new OAuthFailure(
      'grantNotAllowed',
      'A public client has no secret, so it may not use grant_type=client_credentials: use a confidential client.',
    );
  const scope = requestedScope(request.form.scope);
  const mask = scopeMask(context, scope);
  const ttlSeconds = context.tokens.ttlSeconds;
  const sessionId = await sessionRepository.create(context.db, { apiClientId: client.id }, ttlSeconds, mask);
  return tokenAnswer(context.tokens.issue({ sub: client.id, sid: sessionId }), undefined, scope);
}

/**
 * POST /oauth2/token: authenticates the client, then the password or refresh_token grant. Throws an OAuthFailure
 * for every refusal, which the route answers in the configured dialect.
 */
export async function grantTokens(context: AppContext, request: TokenRequest): Promise<OAuthTokenAnswer> {
  const client = await authenticateClient(context, request.client, request.address);
  const grantType = request.form.grant_type;
  if (grantType === undefined || grantType === '')
    throw new OAuthFailure('missingGrantType', 'grant_type is required.');
  if (grantType === 'password') return passwordGrant(context, client, request);
  if (grantType === 'refresh_token') return refreshGrant(context, client, request);
  if (grantType === 'client_credentials') return clientCredentialsGrant(context, client, request);
  throw new OAuthFailure(
    'unsupportedGrantType',
    'grant_type must be password, refresh_token or client_credentials (the last two for confidential clients only).',
  );
}
