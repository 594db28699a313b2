import type { AppContext } from '../../../kernel/appContext';
import { onPassChanges, type PassChangeBatch } from '../../passes';
import { queueGooglePassPatch } from '../google/googleWalletJobs';
import { registrationRepository } from '../registrationRepository';
import { chunkPassesOf, PUSH_CAMPAIGN_CHUNK_JOB } from './pushCampaigns';
import { pushCampaignRepository } from './pushCampaignRepository';

/**
 * An import's updated passes reach their devices as one push campaign (cause 'import'): its first chunk that updates
 * passes starts it, each chunk adds chunk jobs naming its passes (at most a campaign chunk's size each; the write
 * gave them their new update tag already), and the import's end closes it (planned), so it ends done once every
 * chunk is counted and not before. A template push neither cancels it nor is cancelled by it; once cancelled, the
 * import's later chunks queue nothing. Google Wallet objects are patched per pass, as for any change.
 *
 * @example registerImportCampaigns(context)
 */
export function registerImportCampaigns(context: AppContext): void {
  const { db, jobs } = context;
  const chunkPasses = chunkPassesOf(context.config);

  async function changed(passIds: string[], batch: PassChangeBatch): Promise<void> {
    const template = await db
      .selectFrom('template')
      .select('projectId')
      .where('id', '=', batch.templateId)
      .executeTakeFirst();
    if (!template) return;
    const queued = await db.transaction().execute(async (trx) => {
      const campaign = await pushCampaignRepository.ofImport(trx, {
        importId: batch.importId,
        projectId: template.projectId,
        templateId: batch.templateId,
        createdBy: batch.createdBy,
      });
      let added = 0;
      for (let from = 0; from < passIds.length; from += chunkPasses) {
        const chunk = passIds.slice(from, from + chunkPasses);
        const devices = await registrationRepository.countPushTargets(trx, {
          templateId: batch.templateId,
          passIds: chunk,
        });
        const seq = await pushCampaignRepository.addChunk(trx, campaign.id, chunk.length, devices);
        // cancelled: the import goes on, its passes are not pushed
        if (seq === undefined) break;
        await jobs.enqueue(trx, {
          kind: PUSH_CAMPAIGN_CHUNK_JOB,
          payload: { campaignId: campaign.id, part: `c${seq}`, passIds: chunk },
          dedupeKey: `pushCampaign:${campaign.id}:c${seq}`,
        });
        added += 1;
      }
      return added;
    });
    if (queued) jobs.wake();
    for (const passId of passIds) await queueGooglePassPatch(context, passId);
  }

  async function ended(batch: PassChangeBatch): Promise<void> {
    const campaignId = await pushCampaignRepository.campaignIdOfImport(db, batch.importId);
    if (campaignId) await pushCampaignRepository.finishPlanning(db, campaignId);
  }

  onPassChanges(context, { changed, ended });
}
