import type { AppContext } from '../../kernel/appContext';
import { onTemplatesResigned } from '../passes';
import type { PushService } from './push/pushService';
import { registrationRepository } from './registrationRepository';

/**
 * After a certificate renewal, every template signing with the renewed certificate has its passes pushed (a new
 * update tag for each, and the devices notified by the job queue), so installed passes fetch the new signature;
 * answers how many devices are to be pushed (counted now: the campaigns count theirs as they plan).
 *
 * @example pushResignedTemplates(context, pushServiceOf(context))
 */
export function pushResignedTemplates(context: AppContext, push: PushService): void {
  onTemplatesResigned(context, async (templateIds) => {
    let devices = 0;
    for (const templateId of templateIds) {
      devices += await registrationRepository.countPushTargets(context.db, { templateId });
      await push.pushTemplate(templateId, { cause: 'renewal' });
    }
    return devices;
  });
}
