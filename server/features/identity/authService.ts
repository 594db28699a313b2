import type { AppContext } from '../../kernel/appContext';
import { verifyAgainstNothing, verifyPassword } from '../../kernel/auth/passwords';
import { HttpError, type Localized } from '../../kernel/http/errors';
import { sessionRepository } from './sessionRepository';
import { userRepository } from './userRepository';

export const INVALID_CREDENTIALS: Localized = {
  en: 'Invalid credentials',
  cs: 'Neplatné přihlašovací údaje',
};

const SIGN_IN_LIMITED = (seconds: number): Localized => ({
  en: `Too many sign-in attempts. Try again in ${seconds} seconds.`,
  cs: `Příliš mnoho pokusů o přihlášení. Zkuste to znovu za ${seconds} s.`,
});

/** The account a password belongs to, as sign-in and the guessing limits name it. */
export const accountOfEmail = (email: string) => email.trim().toLowerCase();

/**
 * Runs a password check under the password-guessing limits (context.limits.passwords): 429 with Retry-After while
 * the address is over them for the account; a failure counts, a success clears this account-and-address count.
 *
 * @example await limitedPasswordCheck(context, account, request.ip, () => verifyPassword(hash, password), SIGN_IN_LIMITED)
 */
export async function limitedPasswordCheck(
  context: AppContext,
  account: string,
  address: string,
  check: () => Promise<boolean>,
  refusal: (seconds: number) => Localized,
): Promise<boolean> {
  const { passwords } = context.limits;
  const wait = await passwords.retryAfter(account, address);
  if (wait > 0) throw new HttpError(429, refusal(wait), undefined, { 'retry-after': String(wait) });
  const valid = await check();
  if (valid) await passwords.succeed(account, address);
  else await passwords.fail(account, address);
  return valid;
}

/**
 * Checks an e-mail and password under the password-guessing limits; the user id when they match.
 * An unknown e-mail and a wrong password take the same time and give the same answer.
 */
export async function checkCredentials(
  context: AppContext,
  email: string,
  password: string,
  address: string,
): Promise<string | undefined> {
  const account = accountOfEmail(email);
  let userId: string | undefined;
  await limitedPasswordCheck(
    context,
    account,
    address,
    async () => {
      // No account has a control character (and PostgreSQL text cannot hold NUL): such a name is unknown.
      const user = /\p{Cc}/u.test(account)
        ? undefined
        : await userRepository.findLiveByEmail(context.db, account);
      if (!user || !user.active) return verifyAgainstNothing(password);
      if (await verifyPassword(user.passwordHash, password)) userId = user.id;
      return userId !== undefined;
    },
    SIGN_IN_LIMITED,
  );
  return userId;
}

/** A new session and its first access token; an OAuth2 session lives as long as its refresh token. */
export async function openSession(
  context: AppContext,
  { userId }: { userId: string },
  ttlSeconds = context.tokens.ttlSeconds,
  /** the rights mask an OAuth2 scope narrows it to; null: not narrowed */
  scope: number | null = null,
) {
  const sessionId = await sessionRepository.create(context.db, { userId }, ttlSeconds, scope);
  return { sessionId, ...context.tokens.issue({ sub: userId, sid: sessionId }) };
}

export async function startSession(context: AppContext, userId: string) {
  const { token, expiresIn } = await openSession(context, { userId });
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
