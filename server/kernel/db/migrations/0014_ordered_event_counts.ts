import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Events are written in batches (server/features/reports/eventRecorder.ts), by every instance of the server at once: the
 * trigger of migration 0005 now upserts a batch's hourly aggregate rows in the order of their key, so that two
 * batches touching the same rows lock them in the same order and wait for each other instead of deadlocking.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function "reportCountEvents"() returns trigger language plpgsql as $$
    begin
      insert into "reportEventHourly" ("hour", "projectId", "templateId", "type", "tag", "url", "count")
        select date_trunc('hour', "createdAt", 'UTC'), "projectId", "templateId", "type",
          coalesce("tag", ''), coalesce("url", ''), count(*)
        from "insertedEvents"
        group by 1, 2, 3, 4, 5, 6
        order by 2, 4, 1, 3, 5, 6
      on conflict ("projectId", "type", "hour", "templateId", "tag", "url")
        do update set "count" = "reportEventHourly"."count" + excluded."count";
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create or replace function "reportCountEvents"() returns trigger language plpgsql as $$
    begin
      insert into "reportEventHourly" ("hour", "projectId", "templateId", "type", "tag", "url", "count")
        select date_trunc('hour', "createdAt", 'UTC'), "projectId", "templateId", "type",
          coalesce("tag", ''), coalesce("url", ''), count(*)
        from "insertedEvents"
        group by 1, 2, 3, 4, 5, 6
      on conflict ("projectId", "type", "hour", "templateId", "tag", "url")
        do update set "count" = "reportEventHourly"."count" + excluded."count";
      return null;
    end $$`.execute(db);
}
