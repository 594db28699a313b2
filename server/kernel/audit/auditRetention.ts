import { auditRepository } from './auditRepository';
import type { MaintenanceTask } from '../maintenance';

const DAY = 24 * 3600 * 1000;

/** The audit trail is kept AUDIT_RETENTION_DAYS (0: forever); the delete is idempotent across instances. */
export const auditRetention: MaintenanceTask = {
  name: 'audit retention',
  async run(context, now) {
    const days = context.config.auditRetentionDays;
    if (days === 0) return 0;
    return auditRepository.deleteOlderThan(context.db, new Date(now.getTime() - days * DAY));
  },
};
