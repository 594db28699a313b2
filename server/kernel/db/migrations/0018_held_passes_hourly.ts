import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */

/**
 * The end of the time a pass is held in a wallet, or null while it is held (and for a pass never registered, which
 * is never held). A pass is held from its first registration until its deletion, or, once no device holds it,
 * until its last unregistration (its last registration when none is recorded), whichever comes first; never before
 * its first registration.
 */
const HELD_UNTIL = `create function "passHeldUntil"("firstRegisterAt" timestamptz, "lastRegisterAt" timestamptz,
    "lastUnregisterAt" timestamptz, "deletedAt" timestamptz, "devicesTotal" integer)
  returns timestamptz language sql immutable parallel safe as $$
    select case when "firstRegisterAt" is null then null
      when "devicesTotal" > 0 and "deletedAt" is null then null
      when "devicesTotal" > 0 then greatest("firstRegisterAt", "deletedAt")
      else greatest("firstRegisterAt",
        least(coalesce("lastUnregisterAt", "lastRegisterAt", "firstRegisterAt"), "deletedAt")) end
  $$`;

const heldUntilOf = (pass: string) =>
  `"passHeldUntil"(${pass}."firstRegisterAt", ${pass}."lastRegisterAt", ${pass}."lastUnregisterAt", ${pass}."deletedAt", ${pass}."devicesTotal")`;

/**
 * The passes' share of "reportHeldHourly" (a start in the hour of the first registration, an end in the hour the
 * holding ended), counted with `sign`.
 */
const heldShares = (passes: string, sign: 1 | -1) => `
  select date_trunc('hour', p."firstRegisterAt", 'UTC'), p."projectId", p."templateId", ${sign}, 0
  from ${passes} as p where p."firstRegisterAt" is not null
  union all
  select date_trunc('hour', ${heldUntilOf('p')}, 'UTC'), p."projectId", p."templateId", 0, ${sign}
  from ${passes} as p where ${heldUntilOf('p')} is not null`;

/**
 * Adds the shares to "reportHeldHourly", leaving out hours that do not move, in the order of the key (two writers
 * of the same hours lock them in the same order and wait for each other instead of deadlocking).
 */
const addShares = (shares: string[]) => `
  insert into "reportHeldHourly" ("hour", "projectId", "templateId", "started", "ended")
    select "hour", "projectId", "templateId", sum("started"), sum("ended")
    from (${shares.join(' union all ')}) as "shares" ("hour", "projectId", "templateId", "started", "ended")
    group by 1, 2, 3
    having sum("started") <> 0 or sum("ended") <> 0
    order by 2, 1, 3
  on conflict ("projectId", "hour", "templateId") do update set
    "started" = "reportHeldHourly"."started" + excluded."started",
    "ended" = "reportHeldHourly"."ended" + excluded."ended"`;

/**
 * "reportHeldHourly": per UTC hour, project and template, the passes whose time in a wallet starts in that hour and
 * those whose time ends in it, so that the Active cards report (passes held at some time of [a, b): started before
 * b, less ended before a) adds up hours instead of reading every registered pass of the project.
 *
 * Inserts and deletes of passes are counted by statement-level triggers with transition tables (a bulk load is one
 * upsert); updates by a row-level trigger that fires only when the pass's held time, project or template changes
 * (WHEN), so the many updates that do not move it (downloads, edits, pushes to every pass of a template) cost
 * nothing. The index on the end of the held time reads the minutes of a range outside its whole hours.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reportHeldHourly')
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('projectId', 'uuid', (c) => c.notNull())
    .addColumn('templateId', 'uuid', (c) => c.notNull())
    .addColumn('started', 'integer', (c) => c.notNull())
    .addColumn('ended', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reportHeldHourly_key', ['projectId', 'hour', 'templateId'])
    .execute();
  await sql.raw(HELD_UNTIL).execute(db);
  await sql`create index "pass_report_heldUntil" on "pass" ("projectId", ${sql.raw(heldUntilOf('"pass"'))})
    where "firstRegisterAt" is not null`.execute(db);

  const statementTriggers = [
    { operation: 'insert', referencing: 'new table as "newPasses"', shares: [heldShares('"newPasses"', 1)] },
    { operation: 'delete', referencing: 'old table as "oldPasses"', shares: [heldShares('"oldPasses"', -1)] },
  ];
  for (const trigger of statementTriggers) {
    const name = `reportHeld_${trigger.operation}`;
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as ${sql.raw(`$$
      begin ${addShares(trigger.shares)};
        return null;
      end $$`)}`.execute(db);
    await sql`create trigger ${sql.id(name)} after ${sql.raw(trigger.operation)} on "pass"
      referencing ${sql.raw(trigger.referencing)} for each statement execute function ${sql.id(name)}()`.execute(
      db,
    );
  }
  await sql`create function "reportHeld_update"() returns trigger language plpgsql as ${sql.raw(`$$
    begin ${addShares([heldShares('unnest(array[new])', 1), heldShares('unnest(array[old])', -1)])};
      return null;
    end $$`)}`.execute(db);
  await sql`create trigger "reportHeld_update" after update on "pass" for each row
    when (old."projectId" is distinct from new."projectId"
      or old."templateId" is distinct from new."templateId"
      or old."firstRegisterAt" is distinct from new."firstRegisterAt"
      or ${sql.raw(heldUntilOf('old'))} is distinct from ${sql.raw(heldUntilOf('new'))})
    execute function "reportHeld_update"()`.execute(db);

  // the passes held before this migration
  await sql.raw(addShares([heldShares('"pass"', 1)])).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const operation of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.id(`reportHeld_${operation}`)} on "pass"`.execute(db);
    await sql`drop function ${sql.id(`reportHeld_${operation}`)}()`.execute(db);
  }
  await db.schema.dropIndex('pass_report_heldUntil').execute();
  await sql`drop function "passHeldUntil"(timestamptz, timestamptz, timestamptz, timestamptz, integer)`.execute(
    db,
  );
  await db.schema.dropTable('reportHeldHourly').execute();
}
