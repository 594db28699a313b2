/**
 * Console: serves the built console (the single-page app) and its /config.json.
 *
 * What other features and the app (server/app.ts) may use of it; the rest is its own.
 */
export { installConsoleApp } from './consoleApp';
export { consoleConfigRoute } from './consoleConfig';
