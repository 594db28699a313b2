import { sql } from 'kysely';
import type { Db } from '../../kernel/db/database';
import type { WebhookDeliveryRow } from '../../kernel/db/tables';

/** What the sender reads of a delivery it claimed. */
export type ClaimedDelivery = Pick<
  WebhookDeliveryRow,
  'id' | 'seq' | 'webhookId' | 'eventId' | 'body' | 'attempts' | 'retryUntil'
>;

/** The outcome of one attempt, as the sender stores it. */
export interface AttemptResult {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  responseCode: number | null;
  lastError: string | null;
  /** a pending one's next attempt (ISO time) */
  nextAttemptAt: string | null;
  /** false: the attempt was never made (released with its lane), not counted */
  attempted: boolean;
}

/** The longest error kept on a delivery. */
const MAX_ERROR_LENGTH = 1000;

/** The SQL of webhook deliveries: the rows of the console's list, and the sender's queue. */
export const deliveryRepository = {
  /**
   * One event's deliveries to every live, active endpoint of its project that listens to its type (or to one endpoint
   * alone: a test event), in the caller's transaction; answers how many.
   */
  async insertForEvent(
    db: Db,
    event: { projectId: string; type: string; eventId: string; body: string; windowSeconds: number },
    onlyWebhookId?: string,
  ): Promise<number> {
    const listening = onlyWebhookId
      ? sql<boolean>`"id" = ${onlyWebhookId}`
      : sql<boolean>`"projectId" = ${event.projectId} and "active" and "events" @> ${JSON.stringify([event.type])}::jsonb`;
    const result = await sql`insert into "webhookDelivery"
        ("projectId", "webhookId", "eventId", "type", "body", "retryUntil")
      select "projectId", "id", ${event.eventId}, ${event.type}, ${event.body},
        now() + make_interval(secs => ${event.windowSeconds})
      from "webhook" where "deletedAt" is null and ${listening}
      order by "createdAt", "id"`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },

  /**
   * Takes due pending deliveries in event order, of endpoints other than those being sent to already (`busy`), up
   * to `limit`; each stays held for `lockSeconds` (another sender takes it again only after that: a crash).
   */
  async claimDue(
    db: Db,
    limit: number,
    busy: readonly string[],
    lockSeconds: number,
  ): Promise<ClaimedDelivery[]> {
    const notBusy = busy.length ? sql`and "webhookId" not in (${sql.join(busy)})` : sql``;
    const result = await sql<ClaimedDelivery>`update "webhookDelivery"
      set "lockedUntil" = now() + make_interval(secs => ${lockSeconds})
      where "id" in (
        select "id" from "webhookDelivery"
        where "status" = 'pending' and "nextAttemptAt" <= now()
          and ("lockedUntil" is null or "lockedUntil" < now()) ${notBusy}
        order by "nextAttemptAt", "seq" limit ${limit} for update skip locked)
      returning "id", "webhookId", "eventId", "body", "attempts", "retryUntil", "seq"`.execute(db);
    return result.rows.sort(
      (a, b) => Number((a as { seq?: string }).seq) - Number((b as { seq?: string }).seq),
    );
  },

  /** Stores the outcomes of a lane's attempts in one statement, and lets their rows go. */
  async record(db: Db, results: readonly AttemptResult[]): Promise<void> {
    if (!results.length) return;
    const rows = JSON.stringify(
      results.map((result) => ({
        ...result,
        lastError: result.lastError?.slice(0, MAX_ERROR_LENGTH) ?? null,
      })),
    );
    await sql`update "webhookDelivery" as "d" set
        "status" = "r"."status",
        "attempts" = "d"."attempts" + case when "r"."attempted" then 1 else 0 end,
        "responseCode" = case when "r"."attempted" then "r"."responseCode" else "d"."responseCode" end,
        "lastError" = case when "r"."attempted" then "r"."lastError" else "d"."lastError" end,
        "nextAttemptAt" = "r"."nextAttemptAt",
        "deliveredAt" = case when "r"."status" = 'succeeded' then now() else "d"."deliveredAt" end,
        "lockedUntil" = null,
        "updatedAt" = now()
      from jsonb_to_recordset(${rows}::jsonb) as "r"("id" uuid, "status" text, "responseCode" integer,
        "lastError" text, "nextAttemptAt" timestamptz, "attempted" boolean)
      where "d"."id" = "r"."id"`.execute(db);
  },

  /** When the next pending delivery is due (one a sender holds: when its hold lapses); undefined: none pending. */
  async nextDue(db: Db): Promise<Date | undefined> {
    const result = await sql<{ next: Date | string | null }>`select min(greatest("nextAttemptAt",
        coalesce("lockedUntil", "nextAttemptAt"))) as "next"
      from "webhookDelivery" where "status" = 'pending'`.execute(db);
    const next = result.rows[0]?.next;
    return next ? new Date(next) : undefined;
  },

  /** The delivery of an event to one endpoint. */
  ofEvent(db: Db, eventId: string, webhookId: string): Promise<WebhookDeliveryRow> {
    return db
      .selectFrom('webhookDelivery')
      .selectAll()
      .where('eventId', '=', eventId)
      .where('webhookId', '=', webhookId)
      .executeTakeFirstOrThrow();
  },

  /** A delivery sent again at once, with a new retry window; its event (id and body) is the same. */
  redeliver(db: Db, id: string, windowSeconds: number): Promise<WebhookDeliveryRow | undefined> {
    return db
      .updateTable('webhookDelivery')
      .set({
        status: 'pending',
        nextAttemptAt: sql`now()`,
        retryUntil: sql`now() + make_interval(secs => ${windowSeconds})`,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .where('status', '!=', 'pending')
      .returningAll()
      .executeTakeFirst();
  },

  /** Deletes the deliveries made before `cutoff`, at most `limit` at once; answers how many. */
  async deleteOlderThan(db: Db, cutoff: Date, limit: number): Promise<number> {
    const result = await sql`delete from "webhookDelivery" where "id" in (
      select "id" from "webhookDelivery" where "createdAt" < ${cutoff} and "status" != 'pending' limit ${limit})`.execute(
      db,
    );
    return Number(result.numAffectedRows ?? 0);
  },
};
