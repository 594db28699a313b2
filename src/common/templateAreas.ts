/** The tabs of a template's editor that a validation problem can point at. */
export type TemplateArea = 'general' | 'designer' | 'relevance';

const RELEVANCE_PATHS = ['locations', 'beacons', 'maxDistance', 'relevantDate'].map(
  (key) => `/jsonTemplate/${key}`,
);
const GENERAL_PATHS = [
  '/name',
  '/projectId',
  '/certificateId',
  '/languages',
  '/distributable',
  '/trackLinks',
];
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The tab that edits what a validation problem's path points at (errors mark their tab).
 *
 * @example areaOfPath('/jsonTemplate/locations/0/latitude') // 'relevance'
 */
export function areaOfPath(path: string): TemplateArea {
  if (GENERAL_PATHS.some((prefix) => under(path, prefix))) return 'general';
  if (RELEVANCE_PATHS.some((prefix) => under(path, prefix))) return 'relevance';
  return 'designer';
}
