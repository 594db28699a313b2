import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { JobRow } from '../db/tables';

/** What a caller asks the queue to do: with a dedupe key or a coalesce key, never both. */
export type NewJob = {
  kind: string;
  payload: Record<string, unknown>;
  maxAttempts?: number;
  /** due this long after it is stored (a check that makes sense only later); at once by default */
  delayMs?: number;
} & (
  | {
      /** the same work is enqueued once: a second enqueue with this key is a no-op (`orderMail:<orderId>`) */
      dedupeKey?: string;
      coalesceKey?: undefined;
    }
  | {
      /**
       * the same work waiting for its first run is one job (`googlePass:<passId>`): it reads the latest state when
       * it runs; once it started, the same work queued again is a job of its own
       */
      coalesceKey: string;
      dedupeKey?: undefined;
    }
);

/** The longest error message kept on a job: enough for a stack's first lines, never a whole response body. */
const MAX_ERROR_LENGTH = 2000;

const jobValues = (job: NewJob) => ({
  kind: job.kind,
  payload: JSON.stringify(job.payload),
  dedupeKey: job.dedupeKey ?? null,
  coalesceKey: job.coalesceKey ?? null,
  ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
  ...(job.delayMs ? { runAt: sql<Date>`now() + make_interval(secs => ${job.delayMs / 1000})` } : {}),
});

/** Storage of the job queue: every state change is one statement, conditional on the worker that holds the job. */
export const jobRepository = {
  /**
   * Inserts the job (in the caller's transaction when `db` is one); undefined when its dedupe key exists; the
   * waiting job's id when one with its coalesce key waits.
   */
  async enqueue(db: Db, job: NewJob): Promise<string | undefined> {
    const row = await jobRepository.enqueueQuery(db, job).returning('id').executeTakeFirst();
    return row?.id;
  },

  /** enqueue's statement, to run inside another one as a common table expression. */
  enqueueQuery(db: Db, job: NewJob) {
    return db
      .insertInto('job')
      .values(jobValues(job))
      .onConflict((conflict) =>
        job.coalesceKey
          ? // a no-op update, so that the waiting job's id is returned
            conflict.column('coalesceKey').doUpdateSet({ coalesceKey: job.coalesceKey })
          : conflict.column('dedupeKey').doNothing(),
      );
  },

  /** Inserts many jobs in one statement; those whose dedupe or coalesce key exists are left out. Answers how many. */
  async enqueueMany(db: Db, jobs: NewJob[]): Promise<number> {
    if (!jobs.length) return 0;
    const result = await db
      .insertInto('job')
      .values(jobs.map(jobValues))
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },

  /**
   * Takes up to `limit` jobs of the kinds the worker handles: due pending ones, and running ones whose lock expired
   * (their worker died). Rows another worker is claiming are skipped, so two workers never take the same job.
   */
  async claim(
    db: Db,
    workerId: string,
    kinds: string[],
    limit: number,
    lockSeconds: number,
  ): Promise<JobRow[]> {
    if (!kinds.length) return [];
    const ofKinds = sql`"kind" in (${sql.join(kinds)})`;
    // two scans, each on its own partial index (job_due, job_lapsed): one condition with "or" reads every job
    const result = await sql<JobRow>`with
        "due" as (select "id", "runAt" as "since" from "job"
          where "state" = 'pending' and "runAt" <= now() and ${ofKinds}
          order by "runAt" limit ${limit} for update skip locked),
        "lapsed" as (select "id", "lockedUntil" as "since" from "job"
          where "state" = 'running' and "lockedUntil" < now() and ${ofKinds}
          order by "lockedUntil" limit ${limit} for update skip locked)
      update "job" set "state" = 'running', "attempts" = "attempts" + 1,
        "lockedBy" = ${workerId}, "lockedUntil" = now() + make_interval(secs => ${lockSeconds}),
        "coalesceKey" = null, "updatedAt" = now()
      where "id" in (
        select "id" from (select * from "due" union all select * from "lapsed") as "claimable"
        order by "since" limit ${limit})
      returning *`.execute(db);
    return result.rows;
  },

  /** Keeps the worker's locks while its jobs run. */
  async extendLocks(db: Db, workerId: string, ids: string[], lockSeconds: number): Promise<void> {
    if (!ids.length) return;
    await db
      .updateTable('job')
      .set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})` })
      .where('id', 'in', ids)
      .where('lockedBy', '=', workerId)
      .where('state', '=', 'running')
      .execute();
  },

  /** Marks the worker's finished jobs done, in one statement (a job another worker took meanwhile is left alone). */
  async complete(db: Db, ids: string[], workerId: string): Promise<void> {
    if (!ids.length) return;
    await db
      .updateTable('job')
      .set({
        state: 'done',
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
      })
      .where('id', 'in', ids)
      .where('lockedBy', '=', workerId)
      .where('state', '=', 'running')
      .execute();
  },

  /**
   * A failed attempt: pending again after `retryInMs`, or failed for good once its attempts are spent (at once with
   * `retryInMs` undefined: the job can never succeed).
   */
  async fail(
    db: Db,
    job: JobRow,
    workerId: string,
    error: string,
    retryInMs: number | undefined,
  ): Promise<void> {
    const spent = retryInMs === undefined || job.attempts >= job.maxAttempts;
    await db
      .updateTable('job')
      .set({
        state: spent ? 'failed' : 'pending',
        lastError: error.slice(0, MAX_ERROR_LENGTH),
        runAt: spent ? job.runAt : sql`now() + make_interval(secs => ${(retryInMs ?? 0) / 1000})`,
        finishedAt: spent ? sql`now()` : null,
        updatedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
      })
      .where('id', '=', job.id)
      .where('lockedBy', '=', workerId)
      .where('state', '=', 'running')
      .execute();
  },

  /** Hands jobs back unfinished (the server stops): pending at once, the attempt not counted. */
  async release(db: Db, workerId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await db
      .updateTable('job')
      .set({
        state: 'pending',
        attempts: sql`greatest("attempts" - 1, 0)`,
        runAt: sql`now()`,
        updatedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
      })
      .where('id', 'in', ids)
      .where('lockedBy', '=', workerId)
      .where('state', '=', 'running')
      .execute();
  },

  /** A failed job runs again with all its attempts; undefined when it is not failed (or not there). */
  async retry(db: Db, id: string): Promise<JobRow | undefined> {
    return db
      .updateTable('job')
      .set({ state: 'pending', attempts: 0, runAt: sql`now()`, finishedAt: null, updatedAt: sql`now()` })
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .returningAll()
      .executeTakeFirst();
  },

  /** Jobs still to do now: due pending ones and running ones. */
  async outstanding(db: Db): Promise<number> {
    const row = await db
      .selectFrom('job')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('runAt', '<=', sql<Date>`now()`)]),
          eb('state', '=', 'running'),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Done jobs finished before `before` are deleted (failed ones stay for the admins); idempotent. */
  async deleteDone(db: Db, before: Date): Promise<number> {
    const result = await db
      .deleteFrom('job')
      .where('state', '=', 'done')
      .where('finishedAt', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
