/**
 * Loyalty: stamp cards and stamps at the till, rewards, and the codes staff scan.
 *
 * What other features and the app (server/app.ts) may use of it; the rest is its own.
 */
export { stampCardDefinition } from './stampCardResource';
export { stampRoutes } from './stampRoutes';
