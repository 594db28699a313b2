import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Webhooks (issue 29):
 * - `webhook`: a project's endpoint, its events, its signing secret sealed (and, while a rolled secret overlaps,
 *   the previous one until `previousSecretExpiresAt`); announced on change, so that each process's set of the
 *   event types a project listens to stays current;
 * - `webhookDelivery`: one event's delivery to one endpoint, written with its cause; the queue of the sender
 *   (`seq` orders it; `nextAttemptAt` says when a pending one is due, `lockedUntil` who holds it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deletedAt', 'timestamptz')
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secretSealed', 'text', (c) => c.notNull())
    .addColumn('previousSecretSealed', 'text')
    .addColumn('previousSecretExpiresAt', 'timestamptz')
    .execute();
  await sql`create index "webhook_projectId" on "webhook" ("projectId", "createdAt", "id")
    where "deletedAt" is null`.execute(db);
  await sql`create trigger "webhook_announce"
    after insert or update or delete or truncate on "webhook"
    for each statement execute function "announceChange"()`.execute(db);

  await db.schema
    .createTable('webhookDelivery')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deletedAt', 'timestamptz')
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('webhookId', 'uuid', (c) => c.notNull().references('webhook.id'))
    .addColumn('eventId', 'uuid', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`"status" in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('responseCode', 'integer')
    .addColumn('lastError', 'text')
    .addColumn('nextAttemptAt', 'timestamptz', (c) => c.defaultTo(sql`now()`))
    .addColumn('retryUntil', 'timestamptz', (c) => c.notNull())
    .addColumn('lockedUntil', 'timestamptz')
    .addColumn('deliveredAt', 'timestamptz')
    .execute();
  // the sender's claim: due pending deliveries in event order
  await sql`create index "webhookDelivery_due" on "webhookDelivery" ("nextAttemptAt", "seq")
    where "status" = 'pending'`.execute(db);
  // an endpoint's deliveries, newest first (its page); the retention by age
  await sql`create index "webhookDelivery_webhookId" on "webhookDelivery" ("webhookId", "createdAt")`.execute(
    db,
  );
  await sql`create index "webhookDelivery_projectId" on "webhookDelivery" ("projectId", "createdAt", "id")`.execute(
    db,
  );
  await sql`create index "webhookDelivery_createdAt" on "webhookDelivery" ("createdAt")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhookDelivery').execute();
  await db.schema.dropTable('webhook').execute();
}
