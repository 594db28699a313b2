/**
 * Demo: the demo project (templates, passes, an e-shop with orders) made on request or by `npm run
 * demo-data`.
 *
 * What other features and the app (server/app.ts) may use of it; the rest is its own.
 */
export { DEMO_PROJECT, buildDemoProject } from './buildDemoProject';
export { demoRoutes } from './demoRoutes';
export { DEMO_CERTIFICATE } from './demoSigning';
