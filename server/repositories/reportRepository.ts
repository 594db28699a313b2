import { sql, type RawBuilder } from 'kysely';
import type { ReportInterval } from '../../domain/schemas/report';
import type { Db } from '../db/database';
import type { PassEventType } from '../db/tables';

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

/**
 * Report queries. Every read goes to the aggregates of migration 0005 (hours, not events), plus the events or
 * passes of the partial hours at the edges of a range, so that any instant is counted exactly.
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
    if (instants.length === 0) return [];
    const thresholds = [...new Set(instants.map((instant) => floorHour(instant).getTime()))]
      .sort((a, b) => a - b)
      .map((time) => new Date(time));
    const last = thresholds[thresholds.length - 1];
    const array = sql`array[${sql.join(thresholds.map((threshold) => sql`${threshold}::timestamptz`))}]`;
    // segment k: hours from thresholds[k-1] up to thresholds[k] (0: before the first threshold)
    const { rows } = await sql<{ segment: number; registered: string; deleted: string }>`
      select width_bucket("hour", ${array}) as "segment", sum("firstRegistered")::bigint as "registered",
        sum("deleted")::bigint as "deleted"
      from "reportPassHourly"
      where "projectId" = ${scope.projectId}::uuid and ${templateCondition(scope)} and "hour" < ${last}
      group by 1`.execute(db);
    const perSegment = new Map(rows.map((row) => [Number(row.segment), row]));
    const cumulative: Array<{ registered: number; deleted: number }> = [];
    let registered = 0;
    let deleted = 0;
    for (let segment = 0; segment < thresholds.length; segment += 1) {
      const row = perSegment.get(segment);
      registered += Number(row?.registered ?? 0);
      deleted += Number(row?.deleted ?? 0);
      cumulative.push({ registered, deleted });
    }
    return Promise.all(
      instants.map(async (instant) => {
        const index = thresholds.findIndex(
          (threshold) => threshold.getTime() === floorHour(instant).getTime(),
        );
        const base = cumulative[index];
        if (instant.getTime() % HOUR_MS === 0) return base;
        const partial = await this.registeredWithin(db, scope, { from: floorHour(instant), to: instant });
        return { registered: base.registered + partial.registered, deleted: base.deleted + partial.deleted };
      }),
    );
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
   * For each range: the passes held in a wallet at some time of it. A pass is held from its first registration
   * until its deletion, or, once no device holds it, until its last unregistration (its last registration when
   * none is recorded). Held within [a, b) = held from before b − held until before a, both counted per segment
   * between the ranges' instants in one scan of the project's registered passes (both ends grouped together).
   */
  async heldPasses(db: Db, scope: ReportScope, ranges: readonly InstantRange[]): Promise<number[]> {
    if (ranges.length === 0) return [];
    const thresholds = [...new Set(ranges.flatMap((range) => [range.from.getTime(), range.to.getTime()]))]
      .sort((a, b) => a - b)
      .map((time) => new Date(time));
    const last = thresholds[thresholds.length - 1];
    const array = sql`array[${sql.join(thresholds.map((threshold) => sql`${threshold}::timestamptz`))}]`;
    // segment k: instants from thresholds[k-1] up to thresholds[k] (0: before the first threshold). One pass over
    // the rows counts both ends at once (a pass's start and end segments), with nothing kept between two scans.
    const { rows } = await sql<{ fromSegment: number; toSegment: number | null; count: string }>`
      select width_bucket("heldFrom", ${array}) as "fromSegment", width_bucket("heldTo", ${array}) as "toSegment",
        count(*) as "count"
      from (
        select "firstRegisterAt" as "heldFrom",
          -- greatest() skips nulls: a pass still held (no end) must stay null
          case when "devicesTotal" > 0 and "deletedAt" is null then null
            when "devicesTotal" > 0 then greatest("firstRegisterAt", "deletedAt")
            else greatest("firstRegisterAt",
              least(coalesce("lastUnregisterAt", "lastRegisterAt", "firstRegisterAt"), "deletedAt")) end as "heldTo"
        from "pass"
        where "projectId" = ${scope.projectId}::uuid and ${templateCondition(scope)}
          and "firstRegisterAt" is not null and "firstRegisterAt" < ${last}
      ) as "held"
      group by 1, 2`.execute(db);
    // per edge, the passes whose start (end) falls before each threshold: running totals over the segments
    const startsBefore = new Array<number>(thresholds.length + 1).fill(0);
    const endsBefore = new Array<number>(thresholds.length + 1).fill(0);
    for (const row of rows) {
      startsBefore[Number(row.fromSegment)] += Number(row.count);
      if (row.toSegment !== null) endsBefore[Number(row.toSegment)] += Number(row.count);
    }
    for (let segment = 1; segment < startsBefore.length; segment += 1) {
      startsBefore[segment] += startsBefore[segment - 1];
      endsBefore[segment] += endsBefore[segment - 1];
    }
    const indexOf = new Map(thresholds.map((threshold, index) => [threshold.getTime(), index]));
    const before = (totals: number[], instant: Date) => totals[indexOf.get(instant.getTime()) ?? 0];
    return ranges.map((range) => before(startsBefore, range.to) - before(endsBefore, range.from));
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
};
