import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../appContext';

/**
 * Runs the job queue's worker while the app serves: started when the app is ready (every route registered its
 * handlers by then), stopped when app.close() begins, before the database and the mail transport close, so the
 * jobs it holds finish or go back to pending.
 *
 * @example installJobWorker(app, context)
 */
export function installJobWorker(app: FastifyInstance, context: AppContext): void {
  app.addHook('onReady', async () => {
    context.jobs.start((error, message) => app.log.warn({ err: error }, `jobs: ${message}`));
  });
  app.addHook('preClose', async () => {
    await context.jobs.stop();
  });
}
