import { REPORTS } from '../../../src/reports/reportDefinitions';
import { intervalLabel, isoWeek } from '../../../src/reports/intervalLabel';
import {
  defaultReportFilters,
  parseReportFilters,
  reportFiltersSearch,
  reportQuery,
  toInstant,
  wallClock,
} from '../../../src/reports/reportFilters';
import { hasReportData, increase, signed, tagsOf } from '../../../src/reports/reportData';
import { reportCsv } from '../../../src/reports/ReportTable';
import { P1 } from '../harness';

const [passInWallet, , , , activity, links] = REPORTS;
const weekLabel = (week: number, year: number) => `Week ${week} ${year}`;

describe('report filters', () => {
  it('default to 30 days before today at midnight until the end of today, daily', () => {
    expect(defaultReportFilters(new Date('2026-11-22T10:00:00Z'), 0)).toEqual({
      projectId: null,
      templateId: null,
      from: '2026-10-23T00:00',
      to: '2026-11-22T23:59',
      interval: 'daily',
      utcOffset: 0,
    });
  });

  it('take "today" in the chosen time zone', () => {
    const filters = defaultReportFilters(new Date('2026-11-22T23:30:00Z'), 2);
    expect(filters.from).toBe('2026-10-24T00:00');
    expect(filters.to).toBe('2026-11-23T23:59');
  });

  it('read wall-clock times at a whole UTC offset', () => {
    expect(wallClock(new Date('2026-11-22T23:30:00Z'), 1)).toBe('2026-11-23T00:30');
    expect(toInstant('2026-11-23T00:30', 1)).toBe('2026-11-22T23:30:00.000Z');
    expect(toInstant('2026-01-01T00:00', -12)).toBe('2026-01-01T12:00:00.000Z');
  });

  it('build the API query: where as JSON, to exclusive, interval and utcOffset', () => {
    const filters = {
      ...defaultReportFilters(new Date('2026-11-22T10:00:00Z'), 1),
      projectId: P1,
      templateId: 'T',
    };
    expect(reportQuery(filters, passInWallet)).toEqual({
      where: JSON.stringify({ projectId: P1, templateId: 'T' }),
      from: '2026-10-22T23:00:00.000Z',
      to: '2026-11-22T23:00:00.000Z',
      interval: 'daily',
      utcOffset: 1,
    });
  });

  it('leave out the template and interval of activity, and the interval of links', () => {
    const filters = {
      ...defaultReportFilters(new Date('2026-11-22T10:00:00Z'), 0),
      projectId: P1,
      templateId: 'T',
    };
    const activityQuery = reportQuery(filters, activity);
    expect(activityQuery.where).toBe(JSON.stringify({ projectId: P1 }));
    expect(activityQuery).not.toHaveProperty('interval');
    expect(reportQuery(filters, links)).not.toHaveProperty('interval');
    expect(reportQuery(filters, links).where).toContain('"templateId":"T"');
  });

  it('go through the URL query and back; malformed values fall back', () => {
    const filters = {
      ...defaultReportFilters(new Date('2026-11-22T10:00:00Z'), 3),
      projectId: P1,
      interval: 'weekly' as const,
    };
    const search = reportFiltersSearch(filters, passInWallet);
    expect(parseReportFilters(search, defaultReportFilters(new Date(), 0))).toEqual(filters);
    const fallback = defaultReportFilters(new Date('2026-11-22T10:00:00Z'), 0);
    const bad = new URLSearchParams('from=yesterday&interval=hourly&utcOffset=99');
    expect(parseReportFilters(bad, fallback)).toEqual({ ...fallback, utcOffset: 14 });
  });
});

describe('interval labels', () => {
  it('number weeks as ISO weeks: 2026-12-28 is in week 53', () => {
    expect(isoWeek(2026, 12, 28)).toEqual({ week: 53, year: 2026 });
    expect(isoWeek(2027, 1, 3)).toEqual({ week: 53, year: 2026 });
    expect(isoWeek(2027, 1, 4)).toEqual({ week: 1, year: 2027 });
    expect(isoWeek(2024, 12, 30)).toEqual({ week: 1, year: 2025 });
  });

  it('label an interval in the report time zone: date, week, month', () => {
    const options = { locale: 'en', weekLabel };
    expect(intervalLabel('2026-12-27T23:00:00.000Z', 'weekly', 1, options)).toBe('Week 53 2026');
    expect(intervalLabel('2026-12-27T23:00:00.000Z', 'daily', 1, options)).toBe('2026-12-28');
    expect(intervalLabel('2026-11-30T23:00:00.000Z', 'monthly', 1, options)).toBe('December 2026');
  });
});

describe('report data', () => {
  it('has no data without a total, with only zeros, or without a period', () => {
    expect(hasReportData('rows', { data: [], total: null, previousTotal: null })).toBe(false);
    expect(hasReportData('rows', { data: [{ from: 'x', value: 0 }], total: 0, previousTotal: 3 })).toBe(
      false,
    );
    expect(hasReportData('rows', { data: [{ from: 'x', value: 2 }], total: 2, previousTotal: 0 })).toBe(true);
    expect(hasReportData('tagged', { data: [], period: [], total: [{ tag: '', count: 4 }] })).toBe(false);
    expect(hasReportData('links', { data: [] })).toBe(false);
    expect(
      hasReportData('activity', {
        data: [{ projectId: P1, active: 0, registrations: 0, updates: 1 }],
        intervals: [],
      }),
    ).toBe(true);
  });

  it('states the increase with a sign and a percentage of the previous period', () => {
    expect(increase(12, 10)).toEqual({ difference: 2, percent: 20 });
    expect(increase(5, 10)).toEqual({ difference: -5, percent: -50 });
    expect(increase(5, 0)).toEqual({ difference: 5, percent: null });
    expect(signed(-5)).toBe('\u22125');
    expect(signed(2)).toBe('+2');
  });

  it('orders tags by their count in the period', () => {
    const answer = {
      data: [{ from: 'x', tags: { web: 1, mail: 0, late: 2 } }],
      period: [
        { tag: 'web', count: 1 },
        { tag: '', count: 5 },
      ],
      total: [],
    };
    expect(tagsOf(answer)).toEqual(['', 'web', 'late', 'mail']);
  });

  it('exports a table as CSV with its headings', () => {
    const csv = reportCsv(
      [
        { key: 'url', label: 'URL', value: (row: { url: string; count: number }) => row.url },
        { key: 'count', label: 'Clicks', value: (row: { url: string; count: number }) => row.count },
      ],
      [{ url: 'https://a.example/?x=1,2', count: 3 }],
    );
    expect(csv).toBe('URL,Clicks\r\n"https://a.example/?x=1,2",3');
  });
});
