import type { ReportInterval } from '../../../domain/schemas/report';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** One interval of a report: [start, end) in UTC instants, already clipped to the report's [from, to). */
export interface ReportSpan {
  /** the interval's own start (the boundary at or before `from` for the first one): the row's `from` */
  start: Date;
  /** the counted part: max(start, from) … min(end, to) */
  countedFrom: Date;
  countedTo: Date;
}

/** The local calendar (at the UTC offset) as a UTC date: its getUTC* fields are the local ones. */
const local = (instant: Date, utcOffset: number) => new Date(instant.getTime() + utcOffset * HOUR_MS);
const instantOf = (localTime: number, utcOffset: number) => new Date(localTime - utcOffset * HOUR_MS);

/** The start of the interval that contains the instant, at the UTC offset. Weeks start on Monday (ISO). */
export function intervalStartOf(instant: Date, interval: ReportInterval, utcOffset: number): Date {
  const shifted = local(instant, utcOffset);
  const midnight = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate());
  if (interval === 'daily') return instantOf(midnight, utcOffset);
  if (interval === 'weekly') {
    const daysSinceMonday = (shifted.getUTCDay() + 6) % 7;
    return instantOf(midnight - daysSinceMonday * DAY_MS, utcOffset);
  }
  return instantOf(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), 1), utcOffset);
}

function nextStart(start: Date, interval: ReportInterval, utcOffset: number): Date {
  const shifted = local(start, utcOffset);
  if (interval === 'daily') return new Date(start.getTime() + DAY_MS);
  if (interval === 'weekly') return new Date(start.getTime() + 7 * DAY_MS);
  return instantOf(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 1), utcOffset);
}

/**
 * Every interval of [from, to) at the UTC offset, the first one starting at the boundary that contains `from`;
 * none is left out, so that charts are continuous.
 *
 * @example reportSpans(new Date('2026-12-28T00:00Z'), new Date('2027-01-11T00:00Z'), 'weekly', 0).length // 2
 */
export function reportSpans(from: Date, to: Date, interval: ReportInterval, utcOffset: number): ReportSpan[] {
  const spans: ReportSpan[] = [];
  for (let start = intervalStartOf(from, interval, utcOffset); start < to;) {
    const end = nextStart(start, interval, utcOffset);
    spans.push({
      start,
      countedFrom: start < from ? from : start,
      countedTo: end > to ? to : end,
    });
    start = end;
  }
  return spans;
}

/**
 * An instant as ISO 8601 at the UTC offset, as the rows' `from` are written.
 *
 * @example isoAtOffset(new Date('2026-12-27T10:00:00Z'), 14) // '2026-12-28T00:00:00.000+14:00'
 */
export function isoAtOffset(instant: Date, utcOffset: number): string {
  const shifted = local(instant, utcOffset).toISOString().slice(0, -1);
  const sign = utcOffset < 0 ? '-' : '+';
  return `${shifted}${sign}${String(Math.abs(utcOffset)).padStart(2, '0')}:00`;
}

export const floorHour = (instant: Date) => new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);
export const ceilHour = (instant: Date) => new Date(Math.ceil(instant.getTime() / HOUR_MS) * HOUR_MS);
