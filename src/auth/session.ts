import type { TokenAnswer } from '../../domain/schemas/auth';

const KEY = 'passbase.session';

interface StoredSession {
  token: string;
  /** epoch milliseconds */
  expiresAt: number;
  /** the signed-in user's id once the viewer is known: keys the interface state */
  userId?: string;
}

/**
 * The signed-in session kept in localStorage: token, when it expires, and whose it is.
 *
 * @example const session = createSession(window.localStorage); session.start(answer); session.token();
 */
export function createSession(storage: Storage, now: () => number = Date.now) {
  const read = (): StoredSession | null => {
    try {
      const raw = storage.getItem(KEY);
      const parsed = raw ? (JSON.parse(raw) as StoredSession) : null;
      return parsed && typeof parsed.token === 'string' && typeof parsed.expiresAt === 'number'
        ? parsed
        : null;
    } catch {
      return null;
    }
  };
  const write = (session: StoredSession) => storage.setItem(KEY, JSON.stringify(session));

  return {
    /** A token that has not expired yet, or null. */
    token(): string | null {
      const session = read();
      return session && session.expiresAt > now() ? session.token : null;
    },
    expiresAt: (): number | null => read()?.expiresAt ?? null,
    userId: (): string | null => read()?.userId ?? null,
    /** A new sign-in: nothing of an earlier session is kept. */
    start(answer: TokenAnswer): void {
      write({ token: answer.token, expiresAt: now() + answer.expiresIn * 1000 });
    },
    /** A refreshed token for the same user. */
    renew(answer: TokenAnswer): void {
      write({ ...read(), token: answer.token, expiresAt: now() + answer.expiresIn * 1000 });
    },
    /** Records whose session this is (kept across refreshes). */
    setUserId(userId: string): void {
      const session = read();
      if (session) write({ ...session, userId });
    },
    clear(): void {
      storage.removeItem(KEY);
    },
  };
}

export type Session = ReturnType<typeof createSession>;
