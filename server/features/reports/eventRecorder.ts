import type { Db } from '../../kernel/db/database';
import { passEventRepository, type PassEventInput } from './passEventRepository';

/** How long an event waits in memory at most before it is written (the window a crash can lose). */
export const FLUSH_INTERVAL_MS = 200;
/** An event count that is written at once, without waiting for the interval. */
const BATCH_EVENTS = 2_000;
/** The most events (and download counters) one transaction writes, so that a backlog is written in bounded ones. */
const MAX_BATCH_EVENTS = 10_000;
/**
 * The most events (and download counters) one transaction writes on a database that runs in this process (PGlite):
 * its statements hold the event loop while they run, about 0.05 ms an event (the foreign keys' checks most of it),
 * so a batch is written in transactions of a few milliseconds, with the answers to requests in between.
 */
export const IN_PROCESS_BATCH_EVENTS = 50;
/** While the database refuses the writes, at most this many events wait; newer ones are dropped (and logged). */
const MAX_WAITING_EVENTS = 200_000;

export type EventErrorLog = (error: unknown, message: string) => void;

/**
 * Pass events and download counters, recorded off the request path: a request only adds them to memory, and they
 * are written in batches (every FLUSH_INTERVAL_MS, or at once when BATCH_EVENTS wait), each in transactions of at
 * most `batchEvents` events and as many counters, one after the other, the event loop free in between: one
 * multi-row INSERT of the events (whose trigger adds them to the reports' hourly aggregates with one upsert per
 * group) and one UPDATE adding each pass's downloads (a write of counters only: what the public links keep of the
 * passes stays valid). A failed write keeps what it did not write and tries again at the next interval. `close()`
 * (the app's close) writes whatever waits: a clean shutdown loses nothing; a crash loses at most the last
 * interval's events (and the batch being written).
 */
export interface EventRecorder {
  /** Records an event, stamped now unless it says when. */
  record(event: PassEventInput): void;
  /** Adds one to the pass's `downloads` counter. */
  countDownload(passId: string): void;
  /** Writes everything recorded before the call; rejects when the database refuses (the batch stays waiting). */
  flush(): Promise<void>;
  /** Writes what waits and stops the timer; events recorded later are written at once. */
  close(): Promise<void>;
  /** Events recorded and not written yet (a batch being written included). */
  backlog(): number;
  /** Where write failures are logged (the app's logger once it exists). */
  logErrorsTo(log: EventErrorLog): void;
}

/**
 * `batchEvents`: the most events (and counters) one transaction writes; IN_PROCESS_BATCH_EVENTS on PGlite.
 *
 * @example const events = createEventRecorder(db); events.record({ passId, templateId, projectId, type: 'preview' }); await events.flush()
 */
export function createEventRecorder(
  db: Db,
  { batchEvents = MAX_BATCH_EVENTS }: { batchEvents?: number } = {},
): EventRecorder {
  let events: PassEventInput[] = [];
  let downloads = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let writeInProgress = false;
  /** a write asked by schedule() and not started yet: the records in between need not ask again */
  let writeAsked = false;
  let beingWritten = 0;
  let closed = false;
  let dropped = 0;
  let logError: EventErrorLog = (error, message) => console.error(message, error);

  const waiting = () => events.length > 0 || downloads.size > 0;

  /** Writes at once when closed or when a batch is full, else after the interval (always after a failure). */
  function schedule(afterFailure = false): void {
    if (!waiting()) return;
    if (!afterFailure && (closed || events.length >= BATCH_EVENTS)) {
      if (!writeInProgress && !writeAsked) {
        writeAsked = true;
        void flush().catch(() => undefined);
      }
      return;
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      void flush().catch(() => undefined);
    }, FLUSH_INTERVAL_MS).unref();
  }

  /** Puts a batch that was not written back in front of what came since. */
  function putBack(batch: PassEventInput[], counts: Map<string, number>): void {
    events = batch.concat(events);
    for (const [passId, count] of counts) downloads.set(passId, (downloads.get(passId) ?? 0) + count);
  }

  /** At most `batchEvents` of the waiting download counters, taken out of the waiting ones. */
  function takeCounts(): Map<string, number> {
    const all = downloads;
    if (all.size <= batchEvents) {
      downloads = new Map();
      return all;
    }
    const taken = new Map<string, number>();
    for (const [passId, count] of all) {
      if (taken.size === batchEvents) break;
      taken.set(passId, count);
      all.delete(passId);
    }
    return taken;
  }

  /** Writes one transaction of what waits; answers how many events and counters it wrote. */
  async function writeBatch(): Promise<{ events: number; counters: number }> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!waiting()) return { events: 0, counters: 0 };
    const batch = events.length > batchEvents ? events.splice(0, batchEvents) : events;
    if (batch === events) events = [];
    const counts = takeCounts();
    writeInProgress = true;
    beingWritten = batch.length;
    let failed = false;
    try {
      await db.transaction().execute(async (trx) => {
        await passEventRepository.recordMany(trx, batch);
        await passEventRepository.addDownloads(trx, counts);
      });
      return { events: batch.length, counters: counts.size };
    } catch (error) {
      failed = true;
      putBack(batch, counts);
      logError(
        error,
        `${batch.length} pass events and ${counts.size} download counters wait: writing them failed`,
      );
      throw error;
    } finally {
      writeInProgress = false;
      beingWritten = 0;
      // what came in meanwhile: at once when a batch is full, else at the next interval (or retried then)
      schedule(failed);
    }
  }

  /** Everything that waits, in as many transactions as it takes, letting other work run between them. */
  async function writeWaiting(): Promise<void> {
    writeAsked = false;
    let owedEvents = events.length;
    let owedCounters = downloads.size;
    for (;;) {
      const written = await writeBatch();
      owedEvents -= written.events;
      owedCounters -= written.counters;
      if (owedEvents <= 0 && owedCounters <= 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  function flush(): Promise<void> {
    const next = writing.then(writeWaiting);
    writing = next.catch(() => undefined);
    return next;
  }

  function accepts(): boolean {
    if (events.length < MAX_WAITING_EVENTS) return true;
    if (dropped++ % 10_000 === 0)
      logError(
        undefined,
        `${dropped} pass events dropped: ${MAX_WAITING_EVENTS} wait for the database already`,
      );
    return false;
  }

  return {
    record(event) {
      if (!accepts()) return;
      events.push({ ...event, createdAt: event.createdAt ?? new Date() });
      schedule();
    },
    countDownload(passId) {
      if (!accepts()) return;
      downloads.set(passId, (downloads.get(passId) ?? 0) + 1);
      schedule();
    },
    flush,
    async close() {
      closed = true;
      // a failure is logged by the write; what still waits is retried while the process lives
      await flush().catch(() => undefined);
    },
    backlog: () => events.length + beingWritten,
    logErrorsTo(log) {
      logError = log;
    },
  };
}

declare module '../../kernel/appContext' {
  interface AppContext {
    /** pass events and download counters, written in batches after the answers (flushed when the app closes) */
    events: EventRecorder;
  }
}
