import crypto from 'node:crypto';
import os from 'node:os';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { isDatabaseUnavailable } from '../db/databaseUnavailable';
import type { JobRow } from '../db/tables';
import { retryDelayMs } from './backoff';
import { jobRepository, type NewJob } from './jobRepository';
import { createDoneMarks } from './doneMarks';
import { PermanentJobFailure } from './permanentFailure';

/**
 * Does a job's work; throwing makes the attempt fail (retried with backoff; a PermanentJobFailure fails the job at
 * once). Must be idempotent.
 */
export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<unknown>;

export type JobLog = (error: unknown, message: string) => void;

export type JobQueueConfig = Pick<
  ServerConfig,
  'jobConcurrency' | 'jobPollMs' | 'jobLockSeconds' | 'jobRetryBaseMs' | 'jobRetryMaxMs' | 'jobMaxAttempts'
>;

/**
 * What a caller waiting for a job it enqueued learns within its time: its result, or that it has not finished (with
 * the error of its first attempt, for a caller that waits for that attempt only).
 */
export type JobOutcome = { finished: true; result: unknown } | { finished: false; error?: string };

export interface JobQueue {
  /** The handler of a kind of job (the checkout's order email, the pushes); one per kind. A worker claims only the
   * kinds it has handlers for (a server of another version leaves a kind it does not know to the others). */
  handle(kind: string, handler: JobHandler): void;
  /**
   * Stores a job in `db`, the caller's transaction when the job must exist exactly when its cause does (call
   * wake() once it committed); undefined when a job with the dedupe key exists, the waiting job's id when one with
   * the coalesce key waits.
   */
  enqueue(db: Db, job: NewJob): Promise<string | undefined>;
  /**
   * The insert `enqueue` makes, to run inside another statement as a common table expression (the job stored by
   * the statement that stores its cause); call wake() once it committed.
   */
  enqueueQuery(db: Db, job: NewJob): ReturnType<typeof jobRepository.enqueueQuery>;
  /** Stores many jobs in one statement (those whose key exists are left out) and wakes the worker; answers how many. */
  addMany(jobs: NewJob[]): Promise<number>;
  /** Stores a job on its own and wakes the worker. */
  add(job: NewJob): Promise<string | undefined>;
  /** Looks for due jobs now instead of at the next poll. */
  wake(): void;
  /**
   * The outcome of a job this process runs, if it ends within `ms`; with `firstAttempt`, also the error of its first
   * attempt when that fails (the job is retried as usual).
   */
  outcome(jobId: string, ms: number, options?: { firstAttempt?: boolean }): Promise<JobOutcome>;
  /** Starts the worker loop. */
  start(log: JobLog): void;
  /**
   * Stops claiming; jobs running finish within `graceMs`, the rest (and those claimed ahead, never started) are
   * handed back (pending) for another run; the finished ones are marked done before it settles.
   */
  stop(graceMs?: number): Promise<void>;
  /** Settles once no job is due or running (tests, benchmarks); a job waiting for a retry does not count. */
  idle(): Promise<void>;
}

/** How many results of finished jobs are kept for an enqueuer that asks for them late. */
const RECENT_RESULTS = 100;

/** How long stop() lets running jobs finish before it hands them back. */
const STOP_GRACE_MS = 10_000;

/**
 * How long a busy worker, told of a new job, waits for more before it claims them together (one statement for
 * several jobs under load). An idle worker claims at once: a lone job does not wait.
 */
const CLAIM_WINDOW_MS = 15;

/**
 * The durable job queue of one server process: jobs are rows of the `job` table, so they survive a crash; a worker
 * loop claims due jobs (FOR UPDATE SKIP LOCKED, so instances on one PostgreSQL share the work), runs up to
 * JOB_CONCURRENCY at once, keeps their locks while they run and retries failures with exponential backoff. A job
 * whose worker died (kill -9) is taken again once its lock expires (JOB_LOCK_SECONDS). Under load a claim takes up
 * to JOB_CONCURRENCY jobs beyond the free slots, run as slots free up, and the done marks of jobs finishing
 * together are stored in one statement (doneMarks.ts).
 *
 * @example const jobs = createJobQueue(db, config); jobs.handle('orderMail', sendIt); jobs.start(log)
 */
export function createJobQueue(db: Db, config: JobQueueConfig): JobQueue {
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, JobHandler>();
  const running = new Map<string, Promise<void>>();
  /** claimed ahead of a free slot, in claim order; held (locked) by this worker until they run or are handed back */
  const claimedAhead: JobRow[] = [];
  const waiters = new Map<string, { resolve: (outcome: JobOutcome) => void; firstAttempt: boolean }>();
  /** results of the latest jobs nobody waited for yet (a job may end before its enqueuer asks) */
  const recent = new Map<string, unknown>();
  /** the errors of the latest first attempts that failed while nobody waited yet */
  const recentFailures = new Map<string, string>();
  const remember = <T>(map: Map<string, T>, jobId: string, value: T) => {
    map.set(jobId, value);
    if (map.size > RECENT_RESULTS) map.delete(map.keys().next().value as string);
  };
  let log: JobLog = () => undefined;
  const doneMarks = createDoneMarks(db, workerId, config.jobPollMs, (error, message) => log(error, message));
  let started = false;
  let stopping = false;
  let pumping: Promise<void> | undefined;
  let again = false;
  /** wake() calls since the last claim: jobs were queued, or it is time to look */
  let asked = 0;
  /** the last claim took all it asked for: more are probably due */
  let backlog = false;
  /** ends a claim window early (enough jobs were queued, or the worker stops) */
  let windowDone: (() => void) | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let lockTimer: NodeJS.Timeout | undefined;

  function tell(jobId: string, result: unknown): void {
    const waiter = waiters.get(jobId);
    if (waiter) waiter.resolve({ finished: true, result });
    else remember(recent, jobId, result);
  }

  /** A first attempt failed: its waiter, if it waits for that attempt only, learns the error. */
  function tellFailure(job: JobRow, error: string): void {
    if (job.attempts !== 1) return;
    const waiter = waiters.get(job.id);
    if (waiter?.firstAttempt) waiter.resolve({ finished: false, error });
    else if (!waiter) remember(recentFailures, job.id, error);
  }

  async function run(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}".`);
      const result = await handler((job.payload ?? {}) as Record<string, unknown>, job);
      // the last one running stores its mark at once; others wait a moment to share the statement
      doneMarks.add(job.id, () => tell(job.id, result), running.size <= 1 && !claimedAhead.length);
    } catch (error) {
      const message = error instanceof Error ? error.message || error.name : String(error);
      const permanent = error instanceof PermanentJobFailure;
      tellFailure(job, message);
      log(
        error,
        permanent
          ? `job ${job.kind} ${job.id} failed for good`
          : `job ${job.kind} ${job.id} failed (attempt ${job.attempts} of ${job.maxAttempts})`,
      );
      await storeFailure(
        job,
        message,
        permanent ? undefined : retryDelayMs(job.attempts, config.jobRetryBaseMs, config.jobRetryMaxMs),
      );
    }
  }

  /**
   * Stores a failed attempt. While the database is out of reach (it restarts), tries again at each poll, for as long
   * as the job's lock would hold: the job then comes back after its backoff, not only once its lock lapses.
   */
  async function storeFailure(job: JobRow, message: string, retryInMs: number | undefined): Promise<void> {
    const until = Date.now() + config.jobLockSeconds * 1000;
    for (;;) {
      try {
        await jobRepository.fail(db, job, workerId, message, retryInMs);
        return;
      } catch (storeError) {
        if (!isDatabaseUnavailable(storeError) || stopping || Date.now() + config.jobPollMs > until) {
          // the lock lapses and another run takes the job again
          log(storeError, `job ${job.id}: its failure could not be stored`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, config.jobPollMs));
      }
    }
  }

  /** Runs jobs claimed ahead in the free slots. */
  function startClaimed(): void {
    while (!stopping && claimedAhead.length && running.size < config.jobConcurrency) {
      const job = claimedAhead.shift() as JobRow;
      const done = run(job).finally(() => {
        running.delete(job.id);
        kick();
      });
      running.set(job.id, done);
    }
  }

  /** Resolves after CLAIM_WINDOW_MS, or sooner once as many jobs were queued as there are free slots. */
  function claimWindow(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => windowDone?.(), CLAIM_WINDOW_MS);
      windowDone = () => {
        clearTimeout(timer);
        windowDone = undefined;
        resolve();
      };
    });
  }

  /**
   * Fills the free slots: with jobs claimed ahead, else with a claim of as many due jobs as there are free slots and
   * JOB_CONCURRENCY more; again while the claims come back full or wake() was called meanwhile.
   */
  async function pump(): Promise<void> {
    for (;;) {
      startClaimed();
      const free = config.jobConcurrency - running.size;
      if (stopping || free <= 0 || claimedAhead.length) return;
      // nothing known to be due: the next wake() or poll looks
      if (!backlog && !asked) return;
      if (running.size && !backlog && asked < free) await claimWindow();
      if (stopping) return;
      asked = 0;
      const limit = config.jobConcurrency - running.size + config.jobConcurrency;
      let claimed: JobRow[];
      try {
        claimed = await jobRepository.claim(db, workerId, [...handlers.keys()], limit, config.jobLockSeconds);
      } catch (error) {
        backlog = false;
        if (!stopping) log(error, 'jobs could not be claimed; trying again at the next poll');
        return;
      }
      backlog = claimed.length === limit;
      claimedAhead.push(...claimed);
    }
  }

  /** Runs pump(), or once more after the one running, which may have looked before the change that called. */
  function kick(): void {
    if (!started || stopping) return;
    if (pumping) {
      again = true;
      return;
    }
    again = false;
    pumping = pump().finally(() => {
      pumping = undefined;
      if (again) kick();
    });
  }

  function wake(): void {
    if (!started || stopping) return;
    asked += 1;
    if (asked >= config.jobConcurrency - running.size) windowDone?.();
    kick();
  }

  /** The jobs whose locks this worker keeps: running, claimed ahead, finished but not yet marked done. */
  const heldIds = () => [...running.keys(), ...claimedAhead.map((job) => job.id), ...doneMarks.ids()];

  /** Hands back the jobs claimed ahead that never started (their attempt not counted). */
  async function releaseClaimedAhead(): Promise<void> {
    const unstarted = claimedAhead.splice(0).map((job) => job.id);
    await jobRepository.release(db, workerId, unstarted).catch((error: unknown) => {
      log(error, 'jobs claimed ahead could not be handed back; they run again once their locks expire');
    });
  }

  return {
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    enqueue: (target, job) => jobRepository.enqueue(target, { maxAttempts: config.jobMaxAttempts, ...job }),
    enqueueQuery: (target, job) =>
      jobRepository.enqueueQuery(target, { maxAttempts: config.jobMaxAttempts, ...job }),
    async add(job) {
      const id = await jobRepository.enqueue(db, { maxAttempts: config.jobMaxAttempts, ...job });
      wake();
      return id;
    },
    async addMany(jobs) {
      const added = await jobRepository.enqueueMany(
        db,
        jobs.map((job) => ({ maxAttempts: config.jobMaxAttempts, ...job })),
      );
      if (added) wake();
      return added;
    },
    wake,
    outcome(jobId, ms, options = {}) {
      if (recent.has(jobId)) {
        const result = recent.get(jobId);
        recent.delete(jobId);
        return Promise.resolve({ finished: true, result });
      }
      const failure = recentFailures.get(jobId);
      recentFailures.delete(jobId);
      if (failure !== undefined && options.firstAttempt)
        return Promise.resolve({ finished: false, error: failure });
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(jobId);
          resolve({ finished: false });
        }, ms).unref();
        waiters.set(jobId, {
          firstAttempt: options.firstAttempt === true,
          resolve: (outcome) => {
            clearTimeout(timer);
            waiters.delete(jobId);
            resolve(outcome);
          },
        });
      });
    },
    start(logger) {
      if (started) return;
      log = logger;
      started = true;
      pollTimer = setInterval(wake, config.jobPollMs).unref();
      lockTimer = setInterval(
        () => {
          jobRepository
            .extendLocks(db, workerId, heldIds(), config.jobLockSeconds)
            .catch((error: unknown) => log(error, 'the locks of running jobs could not be extended'));
        },
        (config.jobLockSeconds * 1000) / 3,
      ).unref();
      wake();
    },
    async stop(graceMs = STOP_GRACE_MS) {
      if (!started || stopping) return;
      stopping = true;
      clearInterval(pollTimer);
      clearInterval(lockTimer);
      windowDone?.();
      await pumping;
      await releaseClaimedAhead();
      const finished = Promise.all(running.values()).then(() => true);
      const late = new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs).unref());
      if (!(await Promise.race([finished, late])))
        await jobRepository.release(db, workerId, [...running.keys()]).catch((error: unknown) => {
          log(error, 'unfinished jobs could not be handed back; they run again once their locks expire');
        });
      // the jobs finished before the stop are marked done, not run again at the next start
      await doneMarks.close();
    },
    async idle() {
      for (;;) {
        await pumping;
        await Promise.all(running.values());
        if ((await jobRepository.outstanding(db)) === 0 && !running.size && !pumping) return;
        wake();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
