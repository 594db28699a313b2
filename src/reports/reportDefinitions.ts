import type { ReportType } from '../../domain/schemas/report';

/** How a report's answer is shown: rows per interval, counts per tag, clicks per url, or a row per project. */
export type ReportKind = 'rows' | 'tagged' | 'links' | 'activity' | 'stamps';

/** One report screen of spec section 2: its route, its service type (spec section 7) and its filters. */
export interface ReportDefinition {
  /** the last part of the route, lower case as in links: /report/{slug}; other casings are redirected to it */
  slug: string;
  serviceType: ReportType;
  kind: ReportKind;
  /** translation key of the menu entry, the page title and the breadcrumb */
  label: string;
  hasTemplate: boolean;
  hasInterval: boolean;
}

const report = (definition: Omit<ReportDefinition, 'label'>): ReportDefinition => ({
  ...definition,
  label: `app.report.titles.${definition.slug}`,
});

/**
 * The reports, in menu order: the six of the spec, then the stamps given at the till.
 *
 * @example reportPath(REPORTS[0]) // '/report/passinwalletoverview'
 */
export const REPORTS: readonly ReportDefinition[] = [
  report({
    slug: 'passinwalletoverview',
    serviceType: 'register_in_wallet',
    kind: 'rows',
    hasTemplate: true,
    hasInterval: true,
  }),
  report({
    slug: 'passatleastonceregisterinwalletoverview',
    serviceType: 'at_least_once_register_in_wallet',
    kind: 'rows',
    hasTemplate: true,
    hasInterval: true,
  }),
  report({
    slug: 'passdownloadrequestbytagsoverview',
    serviceType: 'download',
    kind: 'tagged',
    hasTemplate: true,
    hasInterval: true,
  }),
  report({
    slug: 'passpreviewrequestbytagsoverview',
    serviceType: 'preview',
    kind: 'tagged',
    hasTemplate: true,
    hasInterval: true,
  }),
  report({
    slug: 'activecardsoverview',
    serviceType: 'activity',
    kind: 'activity',
    hasTemplate: false,
    hasInterval: false,
  }),
  report({
    slug: 'links',
    serviceType: 'links',
    kind: 'links',
    hasTemplate: true,
    hasInterval: false,
  }),
  report({
    slug: 'stamps',
    serviceType: 'stamps',
    kind: 'stamps',
    hasTemplate: true,
    hasInterval: true,
  }),
];

export const reportPath = (definition: ReportDefinition) => `/report/${definition.slug}`;

/** The resource name the rights rules know (`report/...` falls under the `report` area). */
export const reportResource = (definition: ReportDefinition) => `report/${definition.slug}`;
