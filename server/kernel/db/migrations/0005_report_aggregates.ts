import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Aggregates of the reports, kept up to date by triggers as events and passes change, so that a report reads
 * hours (at most 8,760 a year per group) instead of events:
 *
 * - "reportEventHourly": events per UTC hour, project, template, type, tag and url. A statement-level trigger with
 *   a transition table adds each INSERT's events in one upsert, whether one event or a bulk load of millions.
 *   Whole UTC hours give every whole-hour UTC offset (−12..+14) exactly.
 * - "reportPassHourly": per UTC hour, project and template, the passes first registered in that hour and the
 *   registered passes deleted in that hour. "Passes registered before t₂ and not deleted before t₁" is then
 *   firstRegistered(< t₂) − deleted(< t₁): a pass cannot be registered once deleted, so every deleted registered
 *   pass was registered before its deletion. Cumulative sums over hours, not a scan of passes.
 * - "reportActivePasses": per project and template, the live passes with at least one live registration.
 *
 * The pass triggers fire only when a column they count changes (WHEN), so other pass updates cost nothing.
 * Events are append-only: updates and deletes of "passEvent" are not followed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('passEvent').addColumn('url', 'text').execute();
  await db.schema
    .alterTable('template')
    .addColumn('trackLinks', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('reportEventHourly')
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('projectId', 'uuid', (c) => c.notNull())
    .addColumn('templateId', 'uuid')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .execute();
  await sql`create unique index "reportEventHourly_key" on "reportEventHourly"
    ("projectId", "type", "hour", "templateId", "tag", "url") nulls not distinct`.execute(db);

  await db.schema
    .createTable('reportPassHourly')
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('projectId', 'uuid', (c) => c.notNull())
    .addColumn('templateId', 'uuid', (c) => c.notNull())
    .addColumn('firstRegistered', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reportPassHourly_key', ['projectId', 'hour', 'templateId'])
    .execute();

  await db.schema
    .createTable('reportActivePasses')
    .addColumn('projectId', 'uuid', (c) => c.notNull())
    .addColumn('templateId', 'uuid', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reportActivePasses_key', ['projectId', 'templateId'])
    .execute();

  // The seconds of an instant that are not in a whole hour of its aggregate are counted from the pass itself.
  await sql`create index "pass_report_firstRegisterAt" on "pass" ("projectId", "firstRegisterAt")
    where "firstRegisterAt" is not null`.execute(db);
  await sql`create index "pass_report_deletedAt" on "pass" ("projectId", "deletedAt")
    where "firstRegisterAt" is not null and "deletedAt" is not null`.execute(db);

  await sql`create function "reportCountEvents"() returns trigger language plpgsql as $$
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
  await sql`create trigger "passEvent_report" after insert on "passEvent"
    referencing new table as "insertedEvents" for each statement execute function "reportCountEvents"()`.execute(
    db,
  );

  // One pass's share of the aggregates, added (sign 1) or taken back (sign −1).
  await sql`create function "reportCountPass"(p "pass", sign integer) returns void language plpgsql as $$
    begin
      if p."firstRegisterAt" is not null then
        insert into "reportPassHourly" ("hour", "projectId", "templateId", "firstRegistered", "deleted")
          values (date_trunc('hour', p."firstRegisterAt", 'UTC'), p."projectId", p."templateId", sign, 0)
        on conflict ("projectId", "hour", "templateId")
          do update set "firstRegistered" = "reportPassHourly"."firstRegistered" + sign;
        if p."deletedAt" is not null then
          insert into "reportPassHourly" ("hour", "projectId", "templateId", "firstRegistered", "deleted")
            values (date_trunc('hour', p."deletedAt", 'UTC'), p."projectId", p."templateId", 0, sign)
          on conflict ("projectId", "hour", "templateId")
            do update set "deleted" = "reportPassHourly"."deleted" + sign;
        end if;
      end if;
      if p."devicesTotal" > 0 and p."deletedAt" is null then
        insert into "reportActivePasses" ("projectId", "templateId", "active")
          values (p."projectId", p."templateId", sign)
        on conflict ("projectId", "templateId") do update set "active" = "reportActivePasses"."active" + sign;
      end if;
    end $$`.execute(db);
  await sql`create function "reportCountPassChange"() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform "reportCountPass"(old, -1); end if;
      if tg_op <> 'DELETE' then perform "reportCountPass"(new, 1); end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger "pass_report_insert" after insert on "pass" for each row
    when (new."firstRegisterAt" is not null or new."devicesTotal" > 0)
    execute function "reportCountPassChange"()`.execute(db);
  await sql`create trigger "pass_report_update" after update on "pass" for each row
    when (old."firstRegisterAt" is distinct from new."firstRegisterAt"
      or old."deletedAt" is distinct from new."deletedAt"
      or old."projectId" is distinct from new."projectId"
      or old."templateId" is distinct from new."templateId"
      or (old."devicesTotal" > 0) is distinct from (new."devicesTotal" > 0))
    execute function "reportCountPassChange"()`.execute(db);
  await sql`create trigger "pass_report_delete" after delete on "pass" for each row
    when (old."firstRegisterAt" is not null or old."devicesTotal" > 0)
    execute function "reportCountPassChange"()`.execute(db);

  // what happened before this migration
  await sql`insert into "reportEventHourly" ("hour", "projectId", "templateId", "type", "tag", "url", "count")
    select date_trunc('hour', "createdAt", 'UTC'), "projectId", "templateId", "type", coalesce("tag", ''),
      coalesce("url", ''), count(*)
    from "passEvent" group by 1, 2, 3, 4, 5, 6`.execute(db);
  await sql`select "reportCountPass"(p, 1) from "pass" p
    where p."firstRegisterAt" is not null or p."devicesTotal" > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of ['pass_report_insert', 'pass_report_update', 'pass_report_delete'])
    await sql`drop trigger ${sql.id(trigger)} on "pass"`.execute(db);
  await sql`drop trigger "passEvent_report" on "passEvent"`.execute(db);
  await sql`drop function "reportCountPassChange"()`.execute(db);
  await sql`drop function "reportCountPass"("pass", integer)`.execute(db);
  await sql`drop function "reportCountEvents"()`.execute(db);
  await db.schema.dropIndex('pass_report_firstRegisterAt').execute();
  await db.schema.dropIndex('pass_report_deletedAt').execute();
  for (const table of ['reportActivePasses', 'reportPassHourly', 'reportEventHourly'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('template').dropColumn('trackLinks').execute();
  await db.schema.alterTable('passEvent').dropColumn('url').execute();
}
