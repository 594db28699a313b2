import crypto from 'node:crypto';
import type { ServerConfig } from '../../kernel/config';
import type { Db } from '../../kernel/db/database';
import type { TableChanges } from '../../kernel/db/tableChanges';
import type { IntegrationEvents } from '../../kernel/events/integrationEvents';
import type { JobQueue } from '../../kernel/jobs/jobQueue';
import { deliveryRepository } from './deliveryRepository';
import { deliveryJob } from './deliveryWorker';
import { createSubscriptions } from './subscriptions';

/** The body every delivery of an event carries, signed as it is: `{id, type, createdAt, data}`. */
export function eventBody(eventId: string, type: string, data: unknown): string {
  return JSON.stringify({ id: eventId, type, createdAt: new Date().toISOString(), data });
}

/**
 * The integration events (kernel/events) as webhooks carry them out: `listens` from the subscriptions in memory,
 * `publish` writes one delivery per listening endpoint in the cause's transaction, `wake` queues the sender's job
 * (one at a time: later wakes join it while it waits).
 *
 * @example integrationEvents: createWebhookEvents({ db, changes, config, jobs })
 */
export function createWebhookEvents(parts: {
  db: Db;
  changes: TableChanges;
  config: Pick<ServerConfig, 'webhookRetryWindowSeconds'>;
  jobs: JobQueue;
}): IntegrationEvents {
  const subscriptions = createSubscriptions(parts.db, parts.changes);
  let waking: Promise<unknown> | undefined;
  let again = false;
  function wake(): void {
    if (waking) {
      again = true;
      return;
    }
    waking = parts.jobs
      .add(deliveryJob)
      .catch(() => undefined)
      .finally(() => {
        waking = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  }
  return {
    listens: (projectId, type, db) => subscriptions.listens(projectId, type, db),
    listensAnywhere: (types, db) => subscriptions.listensAnywhere(types, db),
    async publish(db, event) {
      const eventId = crypto.randomUUID();
      const count = await deliveryRepository.insertForEvent(db, {
        projectId: event.projectId,
        type: event.type,
        eventId,
        body: eventBody(eventId, event.type, event.data),
        windowSeconds: parts.config.webhookRetryWindowSeconds,
      });
      return count > 0;
    },
    wake,
  };
}
