/**
 * Reports: pass events recorded in batches (previews, downloads, registrations, pushes, links) and
 * download counters; the report queries and their intervals.
 *
 * What other features and the app (server/app.ts) may use of it; the rest is its own.
 */
export { IN_PROCESS_BATCH_EVENTS, createEventRecorder, type EventRecorder } from './eventRecorder';
export { clientClassOf } from './passEventRepository';
export { reportRoutes } from './reportRoutes';
