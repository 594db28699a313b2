import type { PushResult } from '../../../../domain/schemas/pushResult';
import { isUuid } from '../../../../domain/where';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { forbidden, notFound } from '../../../kernel/http/errors';
import { pushResultRepository } from './pushResultRepository';
import { registrationRepository } from '../registrationRepository';

const NEWEST = 100;

/** Admins only: what APNs answered to the newest 100 pushes of a live pass, newest first. */
export async function newestPushResultsOfPass(call: CallContext, passId: string): Promise<PushResult[]> {
  if (!call.viewer.isAdmin)
    throw forbidden({
      en: 'Push results are shown to admins only.',
      cs: 'Výsledky push se zobrazují jen administrátorům.',
    });
  if (!isUuid(passId) || !(await registrationRepository.findWalletPass(call.app.db, passId)))
    throw notFound('Pass');
  const results = await pushResultRepository.newestOfPass(call.app.db, passId, NEWEST);
  return results.map(({ id, deviceId, status, reason, createdAt }) => ({
    id,
    deviceId,
    status,
    reason,
    createdAt: createdAt.toISOString(),
  }));
}
