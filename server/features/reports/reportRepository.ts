import { sql, type RawBuilder } from 'kysely';
import type { ReportInterval } from '../../../domain/schemas/report';
import type { Db } from '../../kernel/db/database';
import type { PassEventType } from '../../kernel/db/tables';

/** The passes a report is about: one project, and optionally one template of it. */
export interface ReportScope {
  projectId: string;
  templateId?: string;
}

/** [from, to) in UTC instants. */
export interface InstantRange {
  from: Date;
  to: Date;
}

/** Events of one type, tag and url in one interval (bucket null when not grouped by interval). */
export interface EventCount {
  bucket: Date | null;
  type: PassEventType;
  tag: string;
  url: string;
  count: number;
}

/** How rows are grouped by interval: the calendar unit and the whole UTC offset of the intervals. */
export interface Bucketing {
  interval: ReportInterval;
  utcOffset: number;
}

const HOUR_MS = 3_600_000;
const floorHour = (instant: Date) => new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);
const ceilHour = (instant: Date) => new Date(Math.ceil(instant.getTime() / HOUR_MS) * HOUR_MS);

const UNITS: Record<ReportInterval, string> = { daily: 'day', weekly: 'week', monthly: 'month' };

/** The start of the interval holding the instant, at the offset (date_trunc's weeks are ISO weeks). */
export function bucketOf(
  instant: RawBuilder<unknown>,
  bucketing: Bucketing | undefined,
): RawBuilder<Date | null> {
  if (!bucketing) return sql<null>`null::timestamptz`;
  const offset = sql`make_interval(hours => ${bucketing.utcOffset}::int)`;
  return sql<Date>`((date_trunc(${UNITS[bucketing.interval]}::text, (${instant} at time zone 'UTC') + ${offset}) - ${offset}) at time zone 'UTC')`;
}

const templateCondition = (scope: ReportScope) =>
  scope.templateId === undefined ? sql`true` : sql`"templateId" = ${scope.templateId}::uuid`;

/**
 * The whole hours inside the range come from the hourly aggregate; the minutes before its first whole hour and
 * after its last one from the events themselves (at most two hours of one project, by "passEvent_project_time").
 */
function wholeHoursOf(range: InstantRange): InstantRange {
  const from = ceilHour(range.from);
  const to = floorHour(range.to);
  return from < to ? { from, to } : { from: range.to, to: range.to };
}

/** The end of a pass's time in a wallet (null while held), as the index "pass_report_heldUntil" holds it. */
const HELD_UNTIL = sql`"passHeldUntil"("firstRegisterAt", "lastRegisterAt", "lastUnregisterAt", "deletedAt", "devicesTotal")`;

/** An hourly aggregate of passes whose columns add up to counts before an instant. */
interface HourlyCounts<K extends string> {
  table: 'reportPassHourly' | 'reportHeldHourly';
  /** the answer's name of each count, and its column */
  columns: Record<K, string>;
  /** the counts of a range within one hour, from the passes themselves */
  within: (range: InstantRange) => Promise<Record<K, number>>;
}

/**
 * For each instant: the columns of the aggregate summed over the hours before the instant's hour, in one query
 * grouped by the segments between the instants' hours, plus the minutes of its own hour read from the passes (none
 * for an instant on a whole hour, as every interval boundary is).
 */
async function sumsBefore<K extends string>(
  db: Db,
  scope: ReportScope,
  instants: readonly Date[],
  aggregate: HourlyCounts<K>,
): Promise<Array<Record<K, number>>> {
  if (instants.length === 0) return [];
  const names = Object.keys(aggregate.columns) as K[];
  const thresholds = [...new Set(instants.map((instant) => floorHour(instant).getTime()))]
    .sort((a, b) => a - b)
    .map((time) => new Date(time));
  const last = thresholds[thresholds.length - 1];
  const array = sql`array[${sql.join(thresholds.map((threshold) => sql`${threshold}::timestamptz`))}]`;
  const sums = sql.join(
    names.map((name) => sql`sum(${sql.ref(aggregate.columns[name])})::bigint as ${sql.ref(name)}`),
  );
  // segment k: hours from thresholds[k-1] up to thresholds[k] (0: before the first threshold)
  const { rows } = await sql<Record<string, string | number>>`
    select width_bucket("hour", ${array}) as "segment", ${sums}
    from ${sql.table(aggregate.table)}
    where "projectId" = ${scope.projectId}::uuid and ${templateCondition(scope)} and "hour" < ${last}
    group by 1`.execute(db);
  const perSegment = new Map(rows.map((row) => [Number(row.segment), row]));
  const running = Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;
  const cumulative = new Map<number, Record<K, number>>();
  for (const [segment, threshold] of thresholds.entries()) {
    for (const name of names) running[name] += Number(perSegment.get(segment)?.[name] ?? 0);
    cumulative.set(threshold.getTime(), { ...running });
  }
  const partOfHour = new Map<number, Promise<Record<K, number>>>();
  for (const instant of instants)
    if (instant.getTime() % HOUR_MS !== 0 && !partOfHour.has(instant.getTime()))
      partOfHour.set(instant.getTime(), aggregate.within({ from: floorHour(instant), to: instant }));
  return Promise.all(
    instants.map(async (instant) => {
      const base = cumulative.get(floorHour(instant).getTime()) as Record<K, number>;
      const partial = partOfHour.get(instant.getTime());
      if (!partial) return base;
      const minutes = await partial;
      return Object.fromEntries(names.map((name) => [name, base[name] + minutes[name]])) as Record<K, number>;
    }),
  );
}

/**
 * Report queries. Every read goes to the aggregates of migrations 0005 and 0018 (hours, not events), plus the events
 * or passes of the partial hours at the edges of a range, so that any instant is counted exactly.
 *
 * @example await reportRepository.eventCounts(db, { projectId }, ['preview'], { from, to }, { interval: 'daily', utcOffset: 2 })
 */
export const reportRepository = {
  /** Events of the types in the range, by interval (when bucketing is given), type, tag and url. */
  async eventCounts(
    db: Db,
    scope: ReportScope,
    types: readonly PassEventType[],
    range: InstantRange,
    bucketing?: Bucketing,
  ): Promise<EventCount[]> {
    const whole = wholeHoursOf(range);
    const typeList = sql.join(types.map((type) => sql`${type}`));
    const { rows } = await sql<{
      bucket: Date | null;
      type: PassEventType;
      tag: string;
      url: string;
      count: string;
    }>`
      select ${bucketOf(sql.ref('at'), bucketing)} as "bucket", "type", "tag", "url", sum("count")::bigint as "count"
      from (
        select "hour" as "at", "type", "tag", "url", "count" from "reportEventHourly"
        where "projectId" = ${scope.projectId}::uuid and "type" in (${typeList}) and ${templateCondition(scope)}
          and "hour" >= ${whole.from} and "hour" < ${whole.to}
        union all
        select "createdAt", "type", coalesce("tag", ''), coalesce("url", ''), 1 from "passEvent"
        where "projectId" = ${scope.projectId}::uuid and "type" in (${typeList}) and ${templateCondition(scope)}
          and (("createdAt" >= ${range.from} and "createdAt" < ${whole.from})
            or ("createdAt" >= ${whole.to} and "createdAt" < ${range.to}))
      ) as "counted"
      group by 1, 2, 3, 4`.execute(db);
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  },

  /**
   * For each instant t: the passes first registered before t, and the registered passes deleted before t.
   * Passes registered before t₂ and not deleted before t₁ are then registered(t₂) − deleted(t₁).
   */
  async registeredBefore(
    db: Db,
    scope: ReportScope,
    instants: readonly Date[],
  ): Promise<Array<{ registered: number; deleted: number }>> {
    return sumsBefore(db, scope, instants, {
      table: 'reportPassHourly',
      columns: { registered: 'firstRegistered', deleted: 'deleted' },
      within: (range) => this.registeredWithin(db, scope, range),
    });
  },

  /** Passes first registered, and registered passes deleted, within a range (of less than an hour: no aggregate). */
  async registeredWithin(
    db: Db,
    scope: ReportScope,
    range: InstantRange,
  ): Promise<{ registered: number; deleted: number }> {
    const { rows } = await sql<{ registered: string; deleted: string }>`
      select
        (select count(*) from "pass" where "projectId" = ${scope.projectId}::uuid and ${templateCondition(scope)}
          and "firstRegisterAt" >= ${range.from} and "firstRegisterAt" < ${range.to}) as "registered",
        (select count(*) from "pass" where "projectId" = ${scope.projectId}::uuid and ${templateCondition(scope)}
          and "firstRegisterAt" is not null and "deletedAt" >= ${range.from} and "deletedAt" < ${range.to}) as "deleted"`.execute(
      db,
    );
    return { registered: Number(rows[0].registered), deleted: Number(rows[0].deleted) };
  },

  /**
   * For each range: the passes held in a wallet at some time of it ("passHeldUntil" of migration 0018 says until
   * when). Held within [a, b) = passes whose holding started before b − passes whose holding ended before a, both
   * cumulative sums over the hourly aggregate "reportHeldHourly".
   */
  async heldPasses(db: Db, scope: ReportScope, ranges: readonly InstantRange[]): Promise<number[]> {
    const instants = ranges.flatMap((range) => [range.from, range.to]);
    const before = await sumsBefore(db, scope, instants, {
      table: 'reportHeldHourly',
      columns: { started: 'started', ended: 'ended' },
      within: (range) => this.heldWithin(db, scope, range),
    });
    return ranges.map((_range, index) => before[2 * index + 1].started - before[2 * index].ended);
  },

  /** Passes whose holding started, and whose holding ended, within a range (of less than an hour: no aggregate). */
  async heldWithin(
    db: Db,
    scope: ReportScope,
    range: InstantRange,
  ): Promise<{ started: number; ended: number }> {
    const { rows } = await sql<{ started: string; ended: string }>`
      select
        (select count(*) from "pass" where "projectId" = ${scope.projectId}::uuid and ${templateCondition(scope)}
          and "firstRegisterAt" >= ${range.from} and "firstRegisterAt" < ${range.to}) as "started",
        (select count(*) from "pass" where "projectId" = ${scope.projectId}::uuid and ${templateCondition(scope)}
          and "firstRegisterAt" is not null and ${HELD_UNTIL} >= ${range.from} and ${HELD_UNTIL} < ${range.to}) as "ended"`.execute(
      db,
    );
    return { started: Number(rows[0].started), ended: Number(rows[0].ended) };
  },

  /** The project of a live template, or undefined. */
  async templateProjectId(db: Db, templateId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('template')
      .select('projectId')
      .where('id', '=', templateId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    return row?.projectId;
  },

  /** The live templates of the project that have passes (deleted ones too), by name. */
  async templatesWithPasses(db: Db, projectId: string): Promise<Array<{ id: string; name: string }>> {
    return db
      .selectFrom('template')
      .select(['template.id', 'template.name'])
      .where('template.projectId', '=', projectId)
      .where('template.deletedAt', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('pass').select('pass.id').whereRef('pass.templateId', '=', 'template.id')),
      )
      .orderBy('template.name')
      .orderBy('template.id')
      .execute();
  },

  /** Is the project there (and not deleted)? */
  async projectIsLive(db: Db, projectId: string): Promise<boolean> {
    const row = await db
      .selectFrom('project')
      .select('id')
      .where('id', '=', projectId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Stamps (of stamp cards) and rewards not undone in the range, per interval, of a project (and of one card template). */
  async stampCountsPerInterval(
    db: Db,
    scope: ReportScope,
    range: InstantRange,
    bucketing: Bucketing,
  ): Promise<Array<{ bucket: Date; stamps: number; rewards: number }>> {
    const template =
      scope.templateId === undefined
        ? sql`true`
        : sql`"stampCardId" in (select "id" from "stampCard" where "templateId" = ${scope.templateId}::uuid)`;
    const { rows } = await sql<{ bucket: Date; stamps: string; rewards: string }>`
      select ${bucketOf(sql.ref('at'), bucketing)} as "bucket", sum("count")::bigint as "stamps",
        count(*) filter (where "rewarded")::bigint as "rewards"
      from "stamp"
      where "projectId" = ${scope.projectId}::uuid and "undoneAt" is null and ${template}
        and "at" >= ${range.from} and "at" < ${range.to}
      group by 1`.execute(db);
    return rows.map((row) => ({
      bucket: new Date(row.bucket),
      stamps: Number(row.stamps),
      rewards: Number(row.rewards),
    }));
  },
};
