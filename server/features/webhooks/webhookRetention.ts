import type { MaintenanceTask } from '../../kernel/maintenance';
import { deliveryRepository } from './deliveryRepository';
import { deliveryJob } from './deliveryWorker';

const DAY = 24 * 3600 * 1000;
/** Rows deleted by one statement: a long backlog goes in several, none holding the table long. */
const DELETE_BATCH = 10_000;
/** The most rows one run deletes; the rest the next run. */
const MAX_PER_RUN = 500_000;

/**
 * Webhook deliveries are kept WEBHOOK_RETENTION_DAYS (30), then deleted, so the table's growth is bounded by the
 * events of that many days. Also wakes the sender when deliveries are due: those a process stopped before it
 * queued its job are sent after at most one maintenance interval.
 */
export const webhookRetention: MaintenanceTask = {
  name: 'webhook deliveries',
  async run(context, now) {
    const cutoff = new Date(now.getTime() - context.config.webhookRetentionDays * DAY);
    let deleted = 0;
    for (;;) {
      const batch = await deliveryRepository.deleteOlderThan(context.db, cutoff, DELETE_BATCH);
      deleted += batch;
      if (batch < DELETE_BATCH || deleted >= MAX_PER_RUN) break;
    }
    const next = await deliveryRepository.nextDue(context.db);
    if (next && next <= now) await context.jobs.add(deliveryJob);
    return deleted;
  },
};
