import type { OAuth2Compat } from '../../kernel/config';

/** Why a token request failed, independent of how the configured dialect names and answers it. */
export type OAuthFailureKind =
  | 'badRequest'
  | 'noClientAuthentication'
  | 'malformedClientAuthentication'
  | 'unknownClient'
  | 'wrongClientSecret'
  | 'disabledClient'
  | 'missingGrantType'
  | 'unsupportedGrantType'
  | 'grantNotAllowed'
  | 'missingUserCredentials'
  | 'wrongUserCredentials'
  | 'tooManyAttempts'
  | 'tooManyClientSecretGuesses'
  | 'missingRefreshToken'
  | 'invalidRefreshToken'
  | 'replayedRefreshToken'
  | 'invalidScope';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'server_error';

/** A token request refused; `description` is meant for the integrator who reads the answer. */
export class OAuthFailure extends Error {
  constructor(
    readonly kind: OAuthFailureKind,
    readonly description: string,
    readonly headers: Record<string, string> = {},
    /** the status of a request that could not be read at all (400, 413) */
    readonly requestStatus = 400,
  ) {
    super(description);
  }
}

/** RFC 6749 section 5.2: the error codes, 401 with a challenge for a failed client authentication, 400 otherwise. */
const STANDARD: Record<OAuthFailureKind, OAuthErrorCode> = {
  badRequest: 'invalid_request',
  noClientAuthentication: 'invalid_client',
  malformedClientAuthentication: 'invalid_client',
  unknownClient: 'invalid_client',
  wrongClientSecret: 'invalid_client',
  disabledClient: 'unauthorized_client',
  missingGrantType: 'invalid_request',
  unsupportedGrantType: 'unsupported_grant_type',
  grantNotAllowed: 'unauthorized_client',
  missingUserCredentials: 'invalid_request',
  wrongUserCredentials: 'invalid_grant',
  tooManyAttempts: 'invalid_grant',
  tooManyClientSecretGuesses: 'invalid_client',
  missingRefreshToken: 'invalid_request',
  invalidRefreshToken: 'invalid_grant',
  replayedRefreshToken: 'invalid_grant',
  invalidScope: 'invalid_scope',
};

/**
 * What Yourpass's official clients expect (its server ran an OAuth2 library's defaults): a wrong client secret is
 * `unauthorized_client`, an unknown client id `server_error` (its JS client's own suite expects it), an empty
 * username or password `invalid_grant`; the rest as RFC 6749 names it.
 */
const YOURPASS: Record<OAuthFailureKind, OAuthErrorCode> = {
  ...STANDARD,
  unknownClient: 'server_error',
  wrongClientSecret: 'unauthorized_client',
  tooManyClientSecretGuesses: 'unauthorized_client',
  missingUserCredentials: 'invalid_grant',
};

function standardStatus(failure: OAuthFailure, code: OAuthErrorCode): number {
  if (failure.kind === 'tooManyAttempts' || failure.kind === 'tooManyClientSecretGuesses') return 429;
  if (failure.kind === 'badRequest') return failure.requestStatus;
  return code === 'invalid_client' ? 401 : 400;
}

/**
 * The status, headers and body of a refused token request. Yourpass's JS client reads an error only from a 200
 * answer, so that dialect answers every refusal with 200.
 */
export function oauthErrorAnswer(compat: OAuth2Compat, failure: OAuthFailure) {
  const code = (compat === 'yourpass' ? YOURPASS : STANDARD)[failure.kind];
  const status = compat === 'yourpass' ? 200 : standardStatus(failure, code);
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    pragma: 'no-cache',
    ...failure.headers,
  };
  if (status === 401) headers['www-authenticate'] = 'Basic realm="oauth2"';
  return { status, headers, body: { error: code, error_description: failure.description } };
}
