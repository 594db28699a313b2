import type {
  ActivityReport,
  LinksReport,
  RowsReport,
  StampsReport,
  TaggedReport,
} from '../../domain/schemas/report';
import type { ReportAnswers } from '../dataProviders/coreDataProvider';
import type { ReportKind } from './reportDefinitions';

/** Any report's answer. */
export type ReportAnswer = ReportAnswers[keyof ReportAnswers];

const nonZero = (value: number) => value !== 0;

/**
 * Whether an answer has anything to show (spec section 7: no total or period means no data; all zeros
 * neither). Without data the page says 'No data'.
 *
 * @example hasReportData('rows', { data: [], total: null, previousTotal: null }) // false
 */
export function hasReportData(kind: ReportKind, answer: ReportAnswer): boolean {
  switch (kind) {
    case 'rows': {
      const { data, total } = answer as RowsReport;
      return total !== null && (nonZero(total) || data.some((row) => nonZero(row.value)));
    }
    case 'tagged': {
      const { period } = answer as TaggedReport;
      return (period ?? []).some((tag) => nonZero(tag.count));
    }
    case 'links':
      return (answer as LinksReport).data.some((link) => nonZero(link.count));
    case 'activity':
      return (answer as ActivityReport).data.some(
        (project) => nonZero(project.active) || nonZero(project.registrations) || nonZero(project.updates),
      );
    case 'stamps': {
      const { stamps, rewards } = answer as StampsReport;
      return nonZero(stamps) || nonZero(rewards);
    }
  }
}

/** The increase of a period against the previous one: +N or −N, and the percentage when there was a base. */
export function increase(
  total: number,
  previousTotal: number | null,
): { difference: number; percent: number | null } {
  const base = previousTotal ?? 0;
  const difference = total - base;
  return { difference, percent: base > 0 ? Math.round((difference / base) * 1000) / 10 : null };
}

/** @example signed(-3) // '−3' (a true minus sign); signed(0) // '0' */
export const signed = (value: number): string =>
  value > 0 ? `+${value}` : value < 0 ? `\u2212${Math.abs(value)}` : '0';

/** The tags of a tagged answer, most counted in the period first ('' is the tag of passes opened without one). */
export function tagsOf(answer: TaggedReport): string[] {
  const counts = new Map<string, number>();
  for (const { tag, count } of answer.period) counts.set(tag, (counts.get(tag) ?? 0) + count);
  for (const row of answer.data)
    for (const tag of Object.keys(row.tags)) if (!counts.has(tag)) counts.set(tag, 0);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag]) => tag);
}
