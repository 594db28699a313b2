import type { ReportInterval } from '../../domain/schemas/report';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The ISO 8601 week of a calendar day: weeks start on Monday and week 1 holds the year's first Thursday.
 *
 * @example isoWeek(2026, 12, 28) // { week: 53, year: 2026 }
 */
export function isoWeek(year: number, month: number, day: number): { week: number; year: number } {
  const date = Date.UTC(year, month - 1, day);
  const weekday = (new Date(date).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = new Date(date + (3 - weekday) * DAY_MS);
  const weekYear = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(weekYear, 0, 1)) / DAY_MS / 7) + 1;
  return { week, year: weekYear };
}

/** The calendar day an interval starts on, in the report's time zone. */
export function intervalDay(from: string, utcOffset: number): { year: number; month: number; day: number } {
  const shifted = new Date(Date.parse(from) + utcOffset * HOUR_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

export interface IntervalLabelOptions {
  locale: string;
  /** e.g. (week, year) => `Week ${week} ${year}` */
  weekLabel: (week: number, year: number) => string;
}

/**
 * An interval's start as its table shows it: the date (daily), the ISO week (weekly), the month (monthly).
 *
 * @example intervalLabel('2026-12-28T00:00:00Z', 'weekly', 0, { locale: 'en', weekLabel }) // 'Week 53 2026'
 */
export function intervalLabel(
  from: string,
  interval: ReportInterval,
  utcOffset: number,
  { locale, weekLabel }: IntervalLabelOptions,
): string {
  const { year, month, day } = intervalDay(from, utcOffset);
  if (interval === 'weekly') {
    const week = isoWeek(year, month, day);
    return weekLabel(week.week, week.year);
  }
  if (interval === 'monthly') {
    const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return monthName.format(new Date(Date.UTC(year, month - 1, 1)));
  }
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}
