import type { MaintenanceTask } from '../maintenance';
import { jobRepository } from './jobRepository';

const HOUR = 3600 * 1000;

/** Done jobs are kept JOB_RETENTION_HOURS, then deleted; failed ones stay until an admin retries them. */
export const jobRetention: MaintenanceTask = {
  name: 'job retention',
  async run(context, now) {
    return jobRepository.deleteDone(
      context.db,
      new Date(now.getTime() - context.config.jobRetentionHours * HOUR),
    );
  },
};
