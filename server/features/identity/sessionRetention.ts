import type { MaintenanceTask } from '../../kernel/maintenance';
import { sessionRepository } from './sessionRepository';

/**
 * Sessions that ended (expired or revoked) more than a day ago are deleted with their refresh tokens: each
 * client_credentials token is a session of its own, so an integration asking for many would fill the table. The
 * database's clock decides, as it set the sessions' times.
 */
export const sessionRetention: MaintenanceTask = {
  name: 'session retention',
  run: (context) => sessionRepository.deleteEndedLongAgo(context.db),
};
