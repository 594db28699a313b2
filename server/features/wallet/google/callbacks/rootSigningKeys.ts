import { HttpError } from '../../../../kernel/http/errors';
import { CALLBACK_PROTOCOL } from './callbackSchemas';
import { ecPublicKey, millisOf, type RootSigningKey } from './ecv2SigningOnly';

/** Keys are kept as long as the keys URL's Cache-Control max-age says, within these bounds; this long without one. */
const MIN_KEEP_MS = 60_000;
const MAX_KEEP_MS = 24 * 3600_000;
const DEFAULT_KEEP_MS = 3600_000;
/** Keys younger than this are not fetched again for a key no root signed (a forged callback cannot make us ask). */
const MIN_REFETCH_MS = 5 * 60_000;
/** After a failed fetch, callbacks are answered at once for this long, without asking the keys URL again. */
const FAILURE_PAUSE_MS = 10_000;
/** Google's keys are a few hundred bytes. */
const MAX_KEYS_BYTES = 256 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
/** what a callback is answered while the keys cannot be fetched: Google retries it later */
export const KEYS_RETRY_AFTER_SECONDS = 60;

export interface RootKeySet {
  keys: RootSigningKey[];
  fetchedAt: number;
}

export interface RootSigningKeys {
  /** The cached keys, fetched first when there are none or they are past their time. HttpError 424 when they cannot be. */
  current(): Promise<RootKeySet>;
  /** Keys fetched again (a root key was rotated), or undefined when the cached ones are too young for that. */
  refetched(): Promise<RootKeySet | undefined>;
}

/** HttpError 424 Failed Dependency: not the callback's fault; Google retries a callback not answered 2xx. */
const keysUnavailable = (reason: string) =>
  new HttpError(
    424,
    {
      en: `Google's root signing keys cannot be fetched now (${reason}); the callback is not processed, Google retries it.`,
      cs: `Kořenové podpisové klíče Googlu teď nelze stáhnout (${reason}); callback se nezpracoval, Google jej zopakuje.`,
    },
    undefined,
    { 'retry-after': String(KEYS_RETRY_AFTER_SECONDS) },
  );

/** How long the answer may be kept: its max-age within bounds. */
function keepFor(cacheControl: string | null): number {
  const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl ?? '');
  if (!maxAge) return DEFAULT_KEEP_MS;
  return Math.min(MAX_KEEP_MS, Math.max(MIN_KEEP_MS, Number(maxAge[1]) * 1000));
}

/** The usable ECv2SigningOnly keys of a keys document; keys of other protocols or unreadable ones are skipped. */
export function rootKeysOf(document: unknown): RootSigningKey[] {
  const keys = (document as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) return [];
  return keys.flatMap((entry: unknown) => {
    const { keyValue, protocolVersion, keyExpiration } = (entry ?? {}) as Record<string, unknown>;
    if (protocolVersion !== CALLBACK_PROTOCOL || typeof keyValue !== 'string') return [];
    const key = ecPublicKey(keyValue);
    const expires =
      typeof keyExpiration === 'string' || typeof keyExpiration === 'number'
        ? millisOf(keyExpiration)
        : undefined;
    if (!key || (expires !== undefined && !Number.isFinite(expires))) return [];
    return [{ key, expiresAt: expires }];
  });
}

async function fetchKeys(url: string): Promise<{ keys: RootSigningKey[]; keepMs: number }> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw keysUnavailable(`not reachable: ${cause ?? (error as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw keysUnavailable(`HTTP ${response.status}`);
  }
  const text = await response.text();
  if (text.length > MAX_KEYS_BYTES) throw keysUnavailable('the answer is too large');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw keysUnavailable('the answer is not JSON');
  }
  const keys = rootKeysOf(document);
  if (keys.length === 0) throw keysUnavailable(`the answer has no ${CALLBACK_PROTOCOL} key`);
  return { keys, keepMs: keepFor(response.headers.get('cache-control')) };
}

/**
 * Google's root signing keys of Wallet callbacks, from the keys URL (as Tink's GooglePaymentsPublicKeysManager
 * fetches them), kept in memory as long as the answer's max-age says. Callbacks arriving together share one fetch;
 * a failed fetch is not repeated for a few seconds.
 *
 * @example const { keys } = await createRootSigningKeys('https://pay.google.com/gp/m/issuer/keys').current()
 */
export function createRootSigningKeys(url: string, now: () => number = Date.now): RootSigningKeys {
  let cached: (RootKeySet & { expiresAt: number }) | undefined;
  let pending: Promise<RootKeySet> | undefined;
  let failure: { error: HttpError; until: number } | undefined;

  function fetchOnce(): Promise<RootKeySet> {
    if (failure && failure.until > now()) return Promise.reject(failure.error);
    pending ??= fetchKeys(url)
      .then(({ keys, keepMs }) => {
        const fetchedAt = now();
        cached = { keys, fetchedAt, expiresAt: fetchedAt + keepMs };
        failure = undefined;
        return cached;
      })
      .catch((error: unknown) => {
        const known = error instanceof HttpError ? error : keysUnavailable(String(error));
        failure = { error: known, until: now() + FAILURE_PAUSE_MS };
        throw known;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  return {
    async current() {
      if (cached && cached.expiresAt > now()) return cached;
      return fetchOnce();
    },
    async refetched() {
      if (cached && now() - cached.fetchedAt < MIN_REFETCH_MS) return undefined;
      return fetchOnce();
    },
  };
}
