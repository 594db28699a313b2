import { walletLogRepository } from './walletLogRepository';
import type { MaintenanceTask } from '../../kernel/maintenance';

const DAY = 24 * 3600 * 1000;

/**
 * Apple Wallet's log messages are kept WALLET_LOG_RETENTION_DAYS, and at most WALLET_LOG_MAX_ROWS of them (the
 * oldest go first). Both deletes are idempotent: instances running them together delete the same rows once.
 */
export const walletLogRetention: MaintenanceTask = {
  name: 'wallet log retention',
  async run(context, now) {
    const { walletLogRetentionDays, walletLogMaxRows } = context.config;
    const old = await walletLogRepository.deleteOlderThan(
      context.db,
      new Date(now.getTime() - walletLogRetentionDays * DAY),
    );
    return old + (await walletLogRepository.keepNewest(context.db, walletLogMaxRows));
  },
};
