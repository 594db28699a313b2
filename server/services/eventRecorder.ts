import type { Db } from '../db/database';
import { distributionRepository } from '../distribution/distributionRepository';
import { passEventRepository, type PassEventInput } from '../repositories/passEventRepository';

/** How long an event waits in memory at most before it is written (the window a crash can lose). */
export const FLUSH_INTERVAL_MS = 200;
/** An event count that is written at once, without waiting for the interval. */
const BATCH_EVENTS = 2_000;
/** The most events one write takes, so that a backlog is written in transactions of bounded size. */
const MAX_BATCH_EVENTS = 10_000;
/** While the database refuses the writes, at most this many events wait; newer ones are dropped (and logged). */
const MAX_WAITING_EVENTS = 200_000;

export type EventErrorLog = (error: unknown, message: string) => void;

/**
 * Pass events and download counters, recorded off the request path: a request only adds them to memory, and they
 * are written in batches (every FLUSH_INTERVAL_MS, or at once when BATCH_EVENTS wait) in one transaction: one
 * multi-row INSERT of the events (whose trigger adds them to the reports' hourly aggregates with one upsert per
 * group) and one UPDATE adding each pass's downloads. A failed write keeps the batch and tries again at the next
 * interval. `close()` (the app's close) writes whatever waits: a clean shutdown loses nothing; a crash loses at
 * most the last interval's events (and the batch being written).
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
 * @example const events = createEventRecorder(db); events.record({ passId, templateId, projectId, type: 'preview' }); await events.flush()
 */
export function createEventRecorder(db: Db): EventRecorder {
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

  /** Writes one batch of what waits; answers how many events it wrote. */
  async function writeBatch(): Promise<number> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!waiting()) return 0;
    const batch = events.length > MAX_BATCH_EVENTS ? events.splice(0, MAX_BATCH_EVENTS) : events;
    if (batch === events) events = [];
    const counts = downloads;
    downloads = new Map();
    writeInProgress = true;
    beingWritten = batch.length;
    let failed = false;
    try {
      await db.transaction().execute(async (trx) => {
        await passEventRepository.recordMany(trx, batch);
        await distributionRepository.addDownloads(trx, counts);
      });
      return batch.length;
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

  /** Everything that waits, in as many batches as it takes. */
  async function writeWaiting(): Promise<void> {
    writeAsked = false;
    let owed = events.length;
    do owed -= await writeBatch();
    while (owed > 0);
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
