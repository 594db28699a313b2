import {
  MAX_UTC_OFFSET,
  MIN_UTC_OFFSET,
  REPORT_INTERVALS,
  type ReportInterval,
  type ReportQuery,
} from '../../domain/schemas/report';
import { isUuid } from '../../domain/where';
import type { ReportDefinition } from './reportDefinitions';

/** The report filter bar's values, as the URL query keeps them. */
export interface ReportFilters {
  projectId: string | null;
  templateId: string | null;
  /** wall-clock time at `utcOffset`, to the minute: an `<input type="datetime-local">` value, 'YYYY-MM-DDTHH:mm' */
  from: string;
  /** the same; inclusive: the period runs through the end of this minute */
  to: string;
  interval: ReportInterval;
  /** whole hours, UTC-12..UTC+14 */
  utcOffset: number;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * HOUR_MS;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The UTC offsets a report may be read in, west to east. */
export const UTC_OFFSETS: readonly number[] = Array.from(
  { length: MAX_UTC_OFFSET - MIN_UTC_OFFSET + 1 },
  (_, index) => MIN_UTC_OFFSET + index,
);

/** @example utcOffsetLabel(-5) // 'UTC-5' */
export const utcOffsetLabel = (utcOffset: number) => `UTC${utcOffset < 0 ? '-' : '+'}${Math.abs(utcOffset)}`;

const clampOffset = (hours: number) => Math.min(MAX_UTC_OFFSET, Math.max(MIN_UTC_OFFSET, hours)) || 0;

/**
 * The browser's offset from UTC at `now`, in whole hours (half-hour zones drop their half hour).
 *
 * @example browserUtcOffset(new Date()) // 1 in Prague in winter
 */
export const browserUtcOffset = (now: Date): number => clampOffset(Math.trunc(-now.getTimezoneOffset() / 60));

/** @example wallClock(new Date('2026-11-22T23:30:00Z'), 1) // '2026-11-23T00:30' */
export function wallClock(instant: Date, utcOffset: number): string {
  return new Date(instant.getTime() + utcOffset * HOUR_MS).toISOString().slice(0, 16);
}

/** @example toInstant('2026-11-23T00:30', 1) // '2026-11-22T23:30:00.000Z' */
export function toInstant(clock: string, utcOffset: number): string {
  const parts = WALL_CLOCK.exec(clock);
  if (!parts) throw new RangeError(`Not a date and time: ${clock}`);
  const [year, month, day, hour, minute] = parts.slice(1).map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - utcOffset * HOUR_MS).toISOString();
}

/**
 * Spec section 9: from 30 days before today at midnight to the end of today, daily; "today" in the time zone.
 *
 * @example defaultReportRange(new Date('2026-11-22T10:00:00Z'), 0) // { from: '2026-10-23T00:00', to: '2026-11-22T23:59' }
 */
export function defaultReportRange(now: Date, utcOffset: number): { from: string; to: string } {
  const today = wallClock(now, utcOffset).slice(0, 10);
  const monthAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * DAY_MS).toISOString().slice(0, 10);
  return { from: `${monthAgo}T00:00`, to: `${today}T23:59` };
}

/** The filters of a first visit: no project chosen yet, the default range, daily, the browser's offset. */
export function defaultReportFilters(now: Date, utcOffset = browserUtcOffset(now)): ReportFilters {
  return {
    projectId: null,
    templateId: null,
    ...defaultReportRange(now, utcOffset),
    interval: 'daily',
    utcOffset,
  };
}

const isInterval = (value: string | null): value is ReportInterval =>
  REPORT_INTERVALS.some((interval) => interval === value);

/** The filters of a URL query; what is missing or malformed comes from `fallback`. */
export function parseReportFilters(search: URLSearchParams, fallback: ReportFilters): ReportFilters {
  const text = (name: string) => search.get(name) || null;
  // an id that is not a whole one (a mistyped shared link) is left out, never sent to be refused
  const id = (name: string) => {
    const value = text(name);
    return value && isUuid(value) ? value : null;
  };
  const clock = (name: 'from' | 'to') => {
    const value = text(name);
    return value && WALL_CLOCK.test(value) ? value : fallback[name];
  };
  const offset = Number(text('utcOffset') ?? Number.NaN);
  const interval = text('interval');
  return {
    projectId: id('projectId') ?? fallback.projectId,
    templateId: search.has('projectId') ? id('templateId') : fallback.templateId,
    from: clock('from'),
    to: clock('to'),
    interval: isInterval(interval) ? interval : fallback.interval,
    utcOffset: Number.isInteger(offset) ? clampOffset(offset) : fallback.utcOffset,
  };
}

/** The URL query of the filters a report uses, so that a report can be shared and reloaded. */
export function reportFiltersSearch(filters: ReportFilters, definition: ReportDefinition): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.projectId) search.set('projectId', filters.projectId);
  if (definition.hasTemplate && filters.templateId) search.set('templateId', filters.templateId);
  search.set('from', filters.from);
  search.set('to', filters.to);
  if (definition.hasInterval) search.set('interval', filters.interval);
  search.set('utcOffset', String(filters.utcOffset));
  return search;
}

/**
 * The API query (domain/schemas/report.ts) of a report's filters: `to` becomes exclusive (the next minute).
 *
 * @example reportQuery({ ...filters, projectId: P1 }, definition).where // '{"projectId":"…"}'
 */
export function reportQuery(
  filters: ReportFilters & { projectId: string },
  definition: ReportDefinition,
): ReportQuery {
  const where =
    definition.hasTemplate && filters.templateId
      ? { projectId: filters.projectId, templateId: filters.templateId }
      : { projectId: filters.projectId };
  const to = new Date(Date.parse(toInstant(filters.to, filters.utcOffset)) + MINUTE_MS).toISOString();
  return {
    where: JSON.stringify(where),
    from: toInstant(filters.from, filters.utcOffset),
    to,
    ...(definition.hasInterval ? { interval: filters.interval } : {}),
    utcOffset: filters.utcOffset,
  };
}
