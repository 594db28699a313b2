import type { FastifyInstance } from 'fastify';
import type { AppContext } from './appContext';

export type MaintenanceLog = (error: unknown, message: string) => void;

/**
 * One rule of the maintenance, e.g. a retention. It must be safe when several instances on one database run it at
 * once: idempotent SQL, and conditional updates where a row is moved, so no row is processed twice.
 */
export interface MaintenanceTask {
  name: string;
  /** Does the work due at `now`; answers how many rows it changed. */
  run(context: AppContext, now: Date, log: MaintenanceLog): Promise<number>;
}

export interface Maintenance {
  /** Runs every task as of `now` (after a run in progress, never beside it): the rows each changed. */
  run(now?: Date): Promise<Record<string, number>>;
}

const maintenances = new WeakMap<AppContext, Maintenance>();

/** The maintenance of an app, for tests that run it at a chosen time instead of waiting. */
export const maintenanceOf = (context: AppContext): Maintenance | undefined => maintenances.get(context);

/**
 * The periodic maintenance of the app: every task once when the app is ready, then every
 * MAINTENANCE_INTERVAL_SECONDS on a timer that keeps no process alive; stopped (and a run in progress awaited) when
 * app.close() begins. A task that fails is logged and the others still run.
 *
 * @example installMaintenance(app, context, [auditRetention, jobRetention])
 */
export function installMaintenance(
  app: FastifyInstance,
  context: AppContext,
  tasks: readonly MaintenanceTask[],
): void {
  const log: MaintenanceLog = (error, message) => app.log.error({ err: error }, `maintenance: ${message}`);
  let inFlight: Promise<Record<string, number>> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function runTasks(now: Date): Promise<Record<string, number>> {
    const changed: Record<string, number> = {};
    for (const task of tasks) {
      if (closed) break;
      try {
        changed[task.name] = await task.run(context, now, log);
        if (changed[task.name] > 0) app.log.info(`maintenance: ${task.name}: ${changed[task.name]} rows`);
      } catch (error) {
        log(error, `${task.name} failed; it runs again next time`);
      }
    }
    return changed;
  }

  const run = (now = new Date()): Promise<Record<string, number>> => {
    const next = (inFlight ?? Promise.resolve()).then(() => runTasks(now));
    inFlight = next;
    const settled = () => {
      if (inFlight === next) inFlight = undefined;
    };
    next.then(settled, settled);
    return next;
  };
  maintenances.set(context, { run });

  app.addHook('onReady', async () => {
    void run();
    // a timer longer than 2^31 - 1 ms would fire at once, again and again
    const intervalMs = Math.min(context.config.maintenanceIntervalSeconds * 1000, 2 ** 31 - 1);
    if (intervalMs > 0)
      timer = setInterval(() => {
        // a run that outlasts the interval is not doubled
        if (!inFlight) void run();
      }, intervalMs).unref();
  });
  // before the plugins close (the checkout's mail transport, the database after the app): a run in progress ends
  app.addHook('preClose', async () => {
    closed = true;
    clearInterval(timer);
    await inFlight;
  });
}
