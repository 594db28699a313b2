import type { MaintenanceTask } from '../maintenance';
import { IDEMPOTENCY_KEY_LIFE_SECONDS } from './idempotency';
import { idempotencyRepository } from './idempotencyRepository';

/** Idempotency keys answer their first answer 24 hours; then they are deleted. */
export const idempotencyRetention: MaintenanceTask = {
  name: 'idempotency key retention',
  async run(context, now) {
    return idempotencyRepository.deleteOlderThan(
      context.db,
      new Date(now.getTime() - IDEMPOTENCY_KEY_LIFE_SECONDS * 1000),
    );
  },
};
