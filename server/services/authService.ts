import type { AppContext } from '../appContext';
import { verifyAgainstNothing, verifyPassword } from '../auth/passwords';
import { HttpError } from '../http/errors';
import { sessionRepository } from '../repositories/sessionRepository';
import { userRepository } from '../repositories/userRepository';

export const INVALID_CREDENTIALS = 'Invalid credentials';

function tooManyAttempts(seconds: number): HttpError {
  return new HttpError(429, `Too many sign-in attempts. Try again in ${seconds} seconds.`, undefined, {
    'retry-after': String(seconds),
  });
}

/**
 * Checks an e-mail and password, limited per account and per address; the user id when they match.
 * An unknown e-mail and a wrong password take the same time and give the same answer.
 */
export async function checkCredentials(
  context: AppContext,
  email: string,
  password: string,
  address: string,
): Promise<string | undefined> {
  const account = email.trim().toLowerCase();
  const { loginPerAccount, loginPerAddress } = context.limits;
  const wait = Math.max(loginPerAccount.retryAfter(account), loginPerAddress.retryAfter(address));
  if (wait > 0) throw tooManyAttempts(wait);
  // No account has a control character (and PostgreSQL text cannot hold NUL): such a name is unknown.
  const user = /\p{Cc}/u.test(account)
    ? undefined
    : await userRepository.findLiveByEmail(context.db, account);
  const valid =
    user && user.active
      ? await verifyPassword(user.passwordHash, password)
      : await verifyAgainstNothing(password);
  if (!valid || !user) {
    loginPerAccount.fail(account);
    loginPerAddress.fail(address);
    return undefined;
  }
  loginPerAccount.reset(account);
  return user.id;
}

/** A new session and its first access token; an OAuth2 session lives as long as its refresh token. */
export async function openSession(
  context: AppContext,
  userId: string,
  ttlSeconds = context.tokens.ttlSeconds,
) {
  const sessionId = await sessionRepository.create(context.db, userId, ttlSeconds);
  return { sessionId, ...context.tokens.issue({ sub: userId, sid: sessionId }) };
}

export async function startSession(context: AppContext, userId: string) {
  const { token, expiresIn } = await openSession(context, userId);
  return { token, expiresIn };
}

/** A new token for the same session, if the session and its user are still good. */
export async function refreshSession(context: AppContext, userId: string, sessionId: string) {
  const extended = await sessionRepository.extend(context.db, sessionId, context.tokens.ttlSeconds);
  if (!extended) return undefined;
  return context.tokens.issue({ sub: userId, sid: sessionId });
}

export async function endSession(context: AppContext, sessionId: string): Promise<void> {
  await sessionRepository.revoke(context.db, sessionId);
  context.viewers.forgetSession(sessionId);
}
