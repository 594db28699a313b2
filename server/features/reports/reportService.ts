import { Right, can, canAnywhere } from '../../../domain/rights';
import type {
  ActivityReport,
  LinksReport,
  ReportQuery,
  ReportTemplates,
  RowsReport,
  StampsReport,
  TaggedReport,
} from '../../../domain/schemas/report';
import type { Viewer } from '../../../domain/schemas/user';
import type { Db } from '../../kernel/db/database';
import { forbidden, notFound } from '../../kernel/http/errors';
import { reportRepository, type EventCount } from './reportRepository';
import { isoAtOffset, reportSpans, type ReportSpan } from './reportIntervals';
import { reportRequestOf, type ReportRequest } from './reportRequest';

export type ReportAnswer = RowsReport | TaggedReport | LinksReport | ActivityReport | StampsReport;

/** The beginning of time for "all time up to `to`". */
const EPOCH = new Date(0);

const sum = (counts: readonly EventCount[]) => counts.reduce((total, count) => total + count.count, 0);
/** null means nothing was counted: the console shows 'No data'. */
const orNull = (count: number) => (count === 0 ? null : count);
const byCountThenName =
  <T extends { count: number }>(key: (item: T) => string) =>
  (a: T, b: T) =>
    b.count - a.count || key(a).localeCompare(key(b));

function previousRange(request: ReportRequest) {
  const length = request.to.getTime() - request.from.getTime();
  return { from: new Date(request.from.getTime() - length), to: request.from };
}

function countsPerSpan(counts: readonly EventCount[]): Map<number, EventCount[]> {
  const perSpan = new Map<number, EventCount[]>();
  for (const count of counts) {
    const key = count.bucket?.getTime() ?? 0;
    perSpan.set(key, [...(perSpan.get(key) ?? []), count]);
  }
  return perSpan;
}

async function registrations(db: Db, request: ReportRequest, spans: ReportSpan[]): Promise<RowsReport> {
  const bucketing = { interval: request.interval, utcOffset: request.utcOffset };
  const [counts, previous] = await Promise.all([
    reportRepository.eventCounts(db, request.scope, ['register'], request, bucketing),
    reportRepository.eventCounts(db, request.scope, ['register'], previousRange(request)),
  ]);
  const perSpan = countsPerSpan(counts);
  return {
    data: spans.map((span) => ({
      from: isoAtOffset(span.start, request.utcOffset),
      value: sum(perSpan.get(span.start.getTime()) ?? []),
    })),
    total: orNull(sum(counts)),
    previousTotal: orNull(sum(previous)),
  };
}

/** Passes registered before each interval's end and not deleted before its start (clipped to the range). */
async function registeredAtLeastOnce(
  db: Db,
  request: ReportRequest,
  spans: ReportSpan[],
): Promise<RowsReport> {
  const previous = previousRange(request);
  const instants = [
    request.from,
    request.to,
    previous.from,
    ...spans.flatMap((span) => [span.countedFrom, span.countedTo]),
  ];
  const before = await reportRepository.registeredBefore(db, request.scope, instants);
  const at = new Map(instants.map((instant, index) => [instant.getTime(), before[index]]));
  const held = (from: Date, to: Date) => {
    const end = at.get(to.getTime());
    const start = at.get(from.getTime());
    return (end?.registered ?? 0) - (start?.deleted ?? 0);
  };
  return {
    data: spans.map((span) => ({
      from: isoAtOffset(span.start, request.utcOffset),
      value: held(span.countedFrom, span.countedTo),
    })),
    total: orNull(held(request.from, request.to)),
    previousTotal: orNull(held(previous.from, previous.to)),
  };
}

function tagCounts(counts: readonly EventCount[]): Array<{ tag: string; count: number }> {
  const perTag = new Map<string, number>();
  for (const count of counts) perTag.set(count.tag, (perTag.get(count.tag) ?? 0) + count.count);
  return [...perTag.entries()]
    .map(([tag, count]) => ({ tag, count }))
    .sort(byCountThenName((item) => item.tag));
}

/** Previews or downloads per tag: per interval (every tag of the period in every interval), in the period, all time. */
async function tagged(
  db: Db,
  request: ReportRequest,
  spans: ReportSpan[],
  type: 'preview' | 'download',
): Promise<TaggedReport> {
  const bucketing = { interval: request.interval, utcOffset: request.utcOffset };
  const [counts, allTime] = await Promise.all([
    reportRepository.eventCounts(db, request.scope, [type], request, bucketing),
    reportRepository.eventCounts(db, request.scope, [type], { from: EPOCH, to: request.to }),
  ]);
  const period = tagCounts(counts);
  const perSpan = countsPerSpan(counts);
  return {
    data: spans.map((span) => {
      const tags: Record<string, number> = Object.fromEntries(period.map(({ tag }) => [tag, 0]));
      for (const count of perSpan.get(span.start.getTime()) ?? []) tags[count.tag] += count.count;
      return { from: isoAtOffset(span.start, request.utcOffset), tags };
    }),
    period,
    total: tagCounts(allTime),
  };
}

async function links(db: Db, request: ReportRequest): Promise<LinksReport> {
  const counts = await reportRepository.eventCounts(db, request.scope, ['link'], request);
  const perUrl = new Map<string, number>();
  for (const count of counts) perUrl.set(count.url, (perUrl.get(count.url) ?? 0) + count.count);
  return {
    data: [...perUrl.entries()]
      .map(([url, count]) => ({ url, count }))
      .sort(byCountThenName((item) => item.url)),
  };
}

/** The project's active cards (held in a wallet at some time), registrations and updates: the period's, and per interval. */
async function activity(db: Db, request: ReportRequest, spans: ReportSpan[]): Promise<ActivityReport> {
  const bucketing = { interval: request.interval, utcOffset: request.utcOffset };
  const [held, counts] = await Promise.all([
    reportRepository.heldPasses(db, request.scope, [
      request,
      ...spans.map((span) => ({ from: span.countedFrom, to: span.countedTo })),
    ]),
    reportRepository.eventCounts(db, request.scope, ['register', 'update'], request, bucketing),
  ]);
  const ofType = (type: string, of: readonly EventCount[]) => sum(of.filter((count) => count.type === type));
  const perSpan = countsPerSpan(counts);
  return {
    data: [
      {
        projectId: request.scope.projectId,
        active: held[0],
        registrations: ofType('register', counts),
        updates: ofType('update', counts),
      },
    ],
    intervals: spans.map((span, index) => {
      const inSpan = perSpan.get(span.start.getTime()) ?? [];
      return {
        from: isoAtOffset(span.start, request.utcOffset),
        active: held[index + 1],
        registrations: ofType('register', inSpan),
        updates: ofType('update', inSpan),
      };
    }),
  };
}

/** Stamps given at the till and rewards issued, per interval and in the period (undone stamps left out). */
async function stamps(db: Db, request: ReportRequest, spans: ReportSpan[]): Promise<StampsReport> {
  const bucketing = { interval: request.interval, utcOffset: request.utcOffset };
  const counts = await reportRepository.stampCountsPerInterval(db, request.scope, request, bucketing);
  const perSpan = new Map(counts.map((count) => [count.bucket.getTime(), count]));
  return {
    data: spans.map((span) => {
      const count = perSpan.get(span.start.getTime());
      return {
        from: isoAtOffset(span.start, request.utcOffset),
        stamps: count?.stamps ?? 0,
        rewards: count?.rewards ?? 0,
      };
    }),
    stamps: counts.reduce((total, count) => total + count.stamps, 0),
    rewards: counts.reduce((total, count) => total + count.rewards, 0),
  };
}

/** Admins, or PASS_READ on the project; a project the viewer may not read is missing: 404. */
async function authorizeProject(db: Db, viewer: Viewer, projectId: string): Promise<void> {
  if (!canAnywhere(viewer, Right.PASS_READ))
    throw forbidden({ en: 'Reports need the PASS_READ right.', cs: 'Reporty vyžadují právo PASS_READ.' });
  if (!can(viewer, Right.PASS_READ, projectId) || !(await reportRepository.projectIsLive(db, projectId)))
    throw notFound('Project');
}

/** The project's rule, and a template the viewer may not read through the project is missing: 404. */
async function authorize(db: Db, viewer: Viewer, request: ReportRequest): Promise<void> {
  const { projectId, templateId } = request.scope;
  await authorizeProject(db, viewer, projectId);
  if (templateId !== undefined && (await reportRepository.templateProjectId(db, templateId)) !== projectId)
    throw notFound('Template');
}

/**
 * One report (spec section 7) for a signed-in viewer: checks the request and the rights, then reads the aggregates.
 *
 * @example await reportService.report(db, viewer, 'preview', { where: '{"projectId":"…"}', from, to, interval: 'daily' })
 */
export const reportService = {
  /**
   * The templates a report of the project can be filtered by (those of its passes), for whoever may read its
   * reports: a reader of passes picks a template by name without the right to read templates.
   */
  async templates(db: Db, viewer: Viewer, projectId: string): Promise<ReportTemplates> {
    await authorizeProject(db, viewer, projectId);
    return { data: await reportRepository.templatesWithPasses(db, projectId) };
  },

  async report(db: Db, viewer: Viewer, serviceType: string, query: ReportQuery): Promise<ReportAnswer> {
    const request = reportRequestOf(serviceType, query);
    await authorize(db, viewer, request);
    const spans = reportSpans(request.from, request.to, request.interval, request.utcOffset);
    switch (request.type) {
      case 'register_in_wallet':
        return registrations(db, request, spans);
      case 'at_least_once_register_in_wallet':
        return registeredAtLeastOnce(db, request, spans);
      case 'preview':
      case 'download':
        return tagged(db, request, spans, request.type);
      case 'links':
        return links(db, request);
      case 'activity':
        return activity(db, request, spans);
      case 'stamps':
        return stamps(db, request, spans);
    }
  },
};
