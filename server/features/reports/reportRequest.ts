import {
  REPORT_TYPES,
  type ReportInterval,
  type ReportQuery,
  type ReportType,
} from '../../../domain/schemas/report';
import { isUuid } from '../../../domain/where';
import { badRequest } from '../../kernel/http/errors';
import type { ReportScope } from './reportRepository';

/** Three years (with their leap days): longer ranges are refused, a year of daily intervals is the usual one. */
export const MAX_RANGE_DAYS = 3 * 366;
const DAY_MS = 86_400_000;

/** A report request once checked: the scope, the instants, the intervals. */
export interface ReportRequest {
  type: ReportType;
  scope: ReportScope;
  from: Date;
  to: Date;
  interval: ReportInterval;
  utcOffset: number;
}

function reportTypeOf(value: string): ReportType {
  if ((REPORT_TYPES as readonly string[]).includes(value)) return value as ReportType;
  const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
  throw badRequest({
    en: `Unknown report type "${shown}": use one of ${REPORT_TYPES.join(', ')}.`,
    cs: `Neznámý typ přehledu „${shown}“: použijte jeden z ${REPORT_TYPES.join(', ')}.`,
  });
}

function scopeOf(where: string): ReportScope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(where);
  } catch {
    throw badRequest({
      en: '"where" is not JSON: send {"projectId": "…"} or {"projectId": "…", "templateId": "…"}.',
      cs: '"where" není JSON: pošlete {"projectId": "…"} nebo {"projectId": "…", "templateId": "…"}.',
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest({
      en: '"where" must be a JSON object: {"projectId": "…", "templateId": "…"}.',
      cs: '"where" musí být objekt JSON: {"projectId": "…", "templateId": "…"}.',
    });
  const { projectId, templateId, ...others } = parsed as Record<string, unknown>;
  const unknown = Object.keys(others);
  if (unknown.length)
    throw badRequest({
      en: `"where" takes projectId and templateId only, not ${unknown.map((key) => `"${key}"`).join(', ')}.`,
      cs: `"where" přijímá jen projectId a templateId, ne ${unknown.map((key) => `"${key}"`).join(', ')}.`,
    });
  if (!isUuid(projectId))
    throw badRequest({
      en: '"where.projectId" must be the UUID of a project.',
      cs: '"where.projectId" musí být UUID projektu.',
    });
  if (templateId !== undefined && templateId !== null && !isUuid(templateId))
    throw badRequest({
      en: '"where.templateId" must be the UUID of a template.',
      cs: '"where.templateId" musí být UUID šablony.',
    });
  return templateId ? { projectId, templateId } : { projectId };
}

/**
 * Checks a report request beyond its schema: the type, `where`, the order and length of the range.
 *
 * @example reportRequestOf('preview', { where: '{"projectId":"…"}', from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' })
 */
export function reportRequestOf(serviceType: string, query: ReportQuery): ReportRequest {
  const type = reportTypeOf(serviceType);
  const scope = scopeOf(query.where);
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    throw badRequest({
      en: '"from" and "to" must be ISO 8601 date-times.',
      cs: '"from" a "to" musí být datum a čas ve formátu ISO 8601.',
    });
  if (from >= to)
    throw badRequest({
      en: '"from" must be before "to" (to is exclusive).',
      cs: '"from" musí být před "to" ("to" do rozsahu nepatří).',
    });
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS)
    throw badRequest({
      en: `The range from "from" to "to" may span at most ${MAX_RANGE_DAYS} days (three years).`,
      cs: `Rozsah od "from" do "to" smí zahrnovat nejvýše ${MAX_RANGE_DAYS} dní (tři roky).`,
    });
  return { type, scope, from, to, interval: query.interval ?? 'daily', utcOffset: query.utcOffset ?? 0 };
}
