import type { MaintenanceTask } from '../../../../kernel/maintenance';
import { googleRegistrationRepository } from './googleRegistrationRepository';

/**
 * The nonces of Google Wallet callbacks are kept until their message expires: a replay after that is refused as
 * expired. Idempotent: instances running it together delete the same rows once.
 */
export const callbackNonceRetention: MaintenanceTask = {
  name: 'Google Wallet callback nonces',
  run: (context, now) => googleRegistrationRepository.deleteNoncesExpiredBefore(context.db, now),
};
