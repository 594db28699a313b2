import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Uuid } from './common';

/** The reports of spec section 7, by service type. */
export const REPORT_TYPES = [
  'register_in_wallet',
  'at_least_once_register_in_wallet',
  'preview',
  'download',
  'activity',
  'links',
  'stamps',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

/** Whole UTC offsets of spec section 9, in hours. */
export const MIN_UTC_OFFSET = -12;
export const MAX_UTC_OFFSET = 14;

/** `where` of a report: the project, and optionally one template of it. */
export const ReportWhereSchema = Type.Object(
  { projectId: Uuid(), templateId: Type.Optional(Uuid()) },
  { additionalProperties: false },
);

/**
 * GET /v1/report/{serviceType}: `where` is JSON text ({projectId, templateId?}); from and to are ISO date-times
 * (to exclusive); intervals start at midnight of the chosen UTC offset; weeks are ISO weeks (from Monday).
 */
export const ReportQuerySchema = Type.Object(
  {
    where: Type.String({ description: 'JSON: {"projectId": "…", "templateId": "…"}' }),
    from: DateTime(),
    to: DateTime(),
    interval: Type.Optional(Type.Union(REPORT_INTERVALS.map((interval) => Type.Literal(interval)))),
    utcOffset: Type.Optional(Type.Integer({ minimum: MIN_UTC_OFFSET, maximum: MAX_UTC_OFFSET, default: 0 })),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuerySchema>;

/** One interval's value: its start (ISO, at the chosen offset) and a count. */
export const ReportRowSchema = Type.Object({ from: DateTime(), value: Type.Integer() });
export type ReportRow = Static<typeof ReportRowSchema>;

/** register_in_wallet and at_least_once_register_in_wallet. */
export const RowsReportSchema = Type.Object({
  data: Type.Array(ReportRowSchema),
  /** over the whole period; null when there is no data */
  total: Type.Union([Type.Integer(), Type.Null()]),
  /** the same over the previous period of the same length (the increase is total - previousTotal) */
  previousTotal: Type.Union([Type.Integer(), Type.Null()]),
});
export type RowsReport = Static<typeof RowsReportSchema>;

const TagCountSchema = Type.Object({
  tag: Type.String({ description: "'' for passes opened without a tag" }),
  count: Type.Integer(),
});

/** preview and download: counts per tag, per interval, in the period and in total (all time). */
export const TaggedReportSchema = Type.Object({
  data: Type.Array(Type.Object({ from: DateTime(), tags: Type.Record(Type.String(), Type.Integer()) })),
  period: Type.Array(TagCountSchema),
  total: Type.Array(TagCountSchema),
});
export type TaggedReport = Static<typeof TaggedReportSchema>;

/** links: clicks on links inside passes, by url. */
export const LinksReportSchema = Type.Object({
  data: Type.Array(Type.Object({ url: Type.String(), count: Type.Integer() })),
});
export type LinksReport = Static<typeof LinksReportSchema>;

/**
 * activity: the project's active cards (passes held in a wallet at some time of the period), registrations and
 * updates in the period, and the same per interval.
 */
export const ActivityReportSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      projectId: Uuid(),
      /** passes held in at least one wallet at some time of the period */
      active: Type.Integer(),
      registrations: Type.Integer(),
      updates: Type.Integer(),
    }),
  ),
  intervals: Type.Array(
    Type.Object({
      /** the interval's start (ISO 8601, at the request's offset) */
      from: Type.String(),
      active: Type.Integer(),
      registrations: Type.Integer(),
      updates: Type.Integer(),
    }),
  ),
});
export type ActivityReport = Static<typeof ActivityReportSchema>;

/** stamps: stamps given at the till and rewards issued (undone ones left out), per interval and in the period. */
export const StampsReportSchema = Type.Object({
  data: Type.Array(Type.Object({ from: DateTime(), stamps: Type.Integer(), rewards: Type.Integer() })),
  stamps: Type.Integer({ description: 'stamps given in the period' }),
  rewards: Type.Integer({ description: 'rewards issued in the period' }),
});
export type StampsReport = Static<typeof StampsReportSchema>;

/** GET /v1/report/templates: the project whose templates a report can be filtered by. */
export const ReportTemplatesQuerySchema = Type.Object({ projectId: Uuid() }, { additionalProperties: false });
export type ReportTemplatesQuery = Static<typeof ReportTemplatesQuerySchema>;

/**
 * The templates of a project's passes, by name: what a reader of passes (PASS_READ) can filter a report by, also
 * without the right to read templates.
 */
export const ReportTemplatesSchema = Type.Object({
  data: Type.Array(Type.Object({ id: Uuid(), name: Type.String() })),
});
export type ReportTemplates = Static<typeof ReportTemplatesSchema>;
