import type { Db } from '../../kernel/db/database';
import type { TableChanges } from '../../kernel/db/tableChanges';
import { LruCache } from '../../kernel/lruCache';
import type { PassPackager, SignedPass } from '../passes';
import { publicPass, type PublicPass } from './publicRecords';

/** How long a public link answers from what it read, at most, before reading the pass again. */
export const PUBLIC_PASS_CACHE_MS = 1_000;
/**
 * The tables a pass's download is made of: a write to one of them (by any process) empties the cache, but a write
 * of counters only (a download counted, countersOnly).
 */
export const PUBLIC_PASS_SOURCES = ['pass', 'template', 'certificate', 'image'] as const;
/** As many as the packager keeps signed: the bundles are the same objects, held once. */
const PASSES_KEPT = 500;

interface Entry {
  generation: number;
  until: number;
  pass?: Promise<PublicPass>;
  signed?: Promise<SignedPass>;
}

/** What the public links read of a pass, briefly kept (see createPublicPassCache). */
export interface PublicPassCache {
  /** The live pass of a public link, voided ones included; HttpError 404 otherwise (never kept). */
  pass(id: string): Promise<PublicPass>;
  /** The pass's signed .pkpass (HttpError 404 or 409 as PassPackager.signedPass, never kept). */
  signedPass(id: string): Promise<SignedPass>;
}

/**
 * The public links' reads of a pass kept for PUBLIC_PASS_CACHE_MS, so that a busy link (a campaign's pkpass) reads
 * the database once a second instead of five times a request. Any write to a pass, template, certificate or image
 * (but of a pass's downloads counter) empties it at once: the tables' versions (TableChanges) move with this process's writes and, on PostgreSQL, with
 * the writes other instances announce; while those could go unheard, nothing is kept. Refusals are not kept. The
 * Apple Wallet web service does not use it: a device always gets the pass as it is.
 *
 * @example const cache = createPublicPassCache({ db, passes, changes }); const pass = await cache.pass(id)
 */
export function createPublicPassCache(parts: {
  db: Db;
  passes: PassPackager;
  changes: TableChanges;
}): PublicPassCache {
  const entries = new LruCache<string, Entry>(PASSES_KEPT);

  function entryOf(id: string): Entry {
    // a pass's counters (its downloads) are no part of what a link answers: their writes keep the entry
    const generation = parts.changes.contentStamp(PUBLIC_PASS_SOURCES);
    const now = Date.now();
    // another process's writes could go unheard: this request reads for itself
    if (!parts.changes.mayCache(PUBLIC_PASS_SOURCES)) return { generation, until: now };
    const kept = entries.get(id);
    if (kept && kept.generation === generation && kept.until > now) return kept;
    const entry: Entry = { generation, until: now + PUBLIC_PASS_CACHE_MS };
    entries.set(id, entry);
    return entry;
  }

  /** A read shared by the requests of the entry's time; a refusal is forgotten at once. */
  function shared<T>(entry: Entry, key: 'pass' | 'signed', read: () => Promise<T>): Promise<T> {
    const kept = entry[key] as Promise<T> | undefined;
    if (kept) return kept;
    const reading = read();
    (entry as Record<typeof key, Promise<unknown> | undefined>)[key] = reading;
    reading.catch(() => {
      if (entry[key] === reading) entry[key] = undefined;
    });
    return reading;
  }

  return {
    pass: async (id) => {
      await parts.changes.caughtUp();
      return shared(entryOf(id), 'pass', () => publicPass(parts.db, id));
    },
    signedPass: async (id) => {
      await parts.changes.caughtUp();
      return shared(entryOf(id), 'signed', () => parts.passes.signedPass(id));
    },
  };
}

declare module '../../kernel/appContext' {
  interface AppContext {
    /** the public links' reads of a pass, kept briefly (emptied by this process's writes to their tables) */
    publicPasses: PublicPassCache;
  }
}
