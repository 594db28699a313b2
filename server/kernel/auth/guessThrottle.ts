import net from 'node:net';
import type { Db } from '../db/database';
import { guessFailureRepository } from './guessFailureRepository';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Failed guesses allowed in 15 minutes: of one account from one address, and from one address over all accounts. */
export const GUESS_LIMITS = { perAccountAndAddress: 10, perAddress: 100, windowMs: FIFTEEN_MINUTES } as const;

/** Longer account names (attacker-chosen client ids) share one count: keys stay small whatever a request sends. */
const ACCOUNT_KEY_MAX = 256;

/** The 64 leading bits of an IPv6 address: the usual size of one customer's network, every address of which is theirs. */
function ipv6Network(address: string): string {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  // an embedded IPv4 address (::ffff:1.2.3.4) fills the last two groups
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const first = groupsOf(head);
  const last = groupsOf(tail);
  const groups =
    tail === undefined
      ? first
      : [...first, ...Array<string>(Math.max(0, 8 - width(first) - width(last))).fill('0'), ...last];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Who is guessing, as the limits count them: an IPv4 address (also when written IPv6-mapped), or the /64 network of
 * an IPv6 address, since one holder has all of it.
 *
 * @example guesserOf('2001:db8:1:2::5') // '2001:db8:1:2::/64'
 */
export function guesserOf(address: string): string {
  const withoutZone = address.split('%')[0];
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(withoutZone);
  if (mapped) return mapped[1];
  return net.isIPv6(withoutZone) ? ipv6Network(withoutZone) : withoutZone;
}

/** Which secret a throttle guards: each kind has counts of its own. */
export type GuessKind = 'password' | 'clientSecret';

const WINDOW_SECONDS = GUESS_LIMITS.windowMs / 1000;

/**
 * Limits the guessing of one kind of secret (passwords, API client secrets). Failures count per account from one
 * address, so a stranger's failures never lock the owner out from their own address, and per address over every
 * account, so one address cannot spray many accounts either. A success clears only its own account-and-address
 * count: succeeding with an account one holds never buys more guesses at others.
 *
 * The failures are rows of the database (guessFailure), so every instance on it, and a restart, counts the same
 * ones; the maintenance deletes them once they leave the window (guessFailureRetention). One query asks, one insert
 * counts a failure (a row for each count), one delete clears. Asking and counting are not atomic with the check in
 * between: requests checked at once from several instances may each add a failure past the limit. The limits are
 * about volume, so a few more guesses in such a race do not matter; and since a count at its limit is refused before
 * any check, it stops growing there.
 *
 * @example
 * const passwords = new GuessThrottle(db, 'password');
 * if ((await passwords.retryAfter(email, request.ip)) > 0) refuse();
 * else if (!valid) await passwords.fail(email, request.ip);
 */
export class GuessThrottle {
  constructor(
    private readonly db: Db,
    private readonly kind: GuessKind,
  ) {}

  /** Seconds before this address may guess at this account again; 0 when it may now. */
  retryAfter(account: string, address: string): Promise<number> {
    const guesser = guesserOf(address);
    return guessFailureRepository.waitSeconds(
      this.db,
      this.kind,
      [
        { key: pairKey(account, guesser), limit: GUESS_LIMITS.perAccountAndAddress },
        { key: guesser, limit: GUESS_LIMITS.perAddress },
      ],
      WINDOW_SECONDS,
    );
  }

  fail(account: string, address: string): Promise<void> {
    const guesser = guesserOf(address);
    return guessFailureRepository.record(this.db, this.kind, [pairKey(account, guesser), guesser]);
  }

  succeed(account: string, address: string): Promise<void> {
    return guessFailureRepository.clear(this.db, this.kind, pairKey(account, guesserOf(address)));
  }
}

/**
 * The key of one account from one guesser. An address has no space, so no pair key is an address's key. PostgreSQL
 * text holds no NUL: it stands as U+FFFD, which merges only names of the guesser's own choosing.
 */
const pairKey = (account: string, guesser: string) =>
  `${guesser} ${account.slice(0, ACCOUNT_KEY_MAX).replaceAll('\0', '\uFFFD')}`;
