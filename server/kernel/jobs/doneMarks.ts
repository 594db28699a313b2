import type { Db } from '../db/database';
import { jobRepository } from './jobRepository';

/** How long a finished job's done mark waits for those of other jobs still running, to share one statement. */
const DONE_WINDOW_MS = 15;

export interface DoneMarks {
  /**
   * The job finished: its done mark is stored with the others of the window, or at once with `now` (nothing else
   * runs to share it); `then` is called once it is stored.
   */
  add(id: string, then: () => void, now: boolean): void;
  /** The jobs whose mark is not stored yet: the worker still holds them (their locks are kept). */
  ids(): string[];
  /** Stores the marks waiting now; settles once they and those being stored are (stored or not: it logs). */
  flush(): Promise<void>;
  /** Flushes, and tries no more after: a mark that could not be stored leaves its job to run again. */
  close(): Promise<void>;
}

/**
 * The done marks of a worker's finished jobs, gathered a few milliseconds so that jobs finishing together cost one
 * update (conditional on the worker still holding them). A mark not stored (a crash in the window, the database
 * down) leaves the job running under a lock that lapses: it runs again, which handlers tolerate (they are
 * idempotent; an order's email checks the order's emailSentAt stamp).
 *
 * @example const marks = createDoneMarks(db, workerId, 1000, log); marks.add(job.id, () => tell(result), !busy)
 */
export function createDoneMarks(
  db: Db,
  workerId: string,
  retryMs: number,
  log: (error: unknown, message: string) => void,
): DoneMarks {
  const waiting = new Map<string, () => void>();
  const storing = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  function later(ms: number): void {
    if (!timer && !closed) timer = setTimeout(flush, ms).unref();
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = [...waiting];
    waiting.clear();
    if (batch.length) {
      const stored = jobRepository
        .complete(
          db,
          batch.map(([id]) => id),
          workerId,
        )
        .then(
          () => {
            for (const [, then] of batch) then();
          },
          (error: unknown) => {
            log(
              error,
              closed
                ? `${batch.length} finished jobs could not be marked done; they run again once their locks lapse`
                : `${batch.length} finished jobs could not be marked done; trying again`,
            );
            for (const [id, then] of batch) waiting.set(id, then);
            later(retryMs);
          },
        );
      storing.add(stored);
      void stored.finally(() => storing.delete(stored));
    }
    return Promise.all(storing).then(() => undefined);
  }

  return {
    add(id, then, now) {
      waiting.set(id, then);
      if (now) void flush();
      else later(DONE_WINDOW_MS);
    },
    ids: () => [...waiting.keys()],
    flush,
    async close() {
      closed = true;
      await flush();
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
