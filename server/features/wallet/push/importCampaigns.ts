import type { AppContext } from '../../../kernel/appContext';
import type { Db } from '../../../kernel/db/database';
import { onPassChanges, type PassChangeBatch } from '../../passes';
import { enqueueGooglePassPatches } from '../google/googleWalletJobs';
import { registrationRepository } from '../registrationRepository';
import { chunkPassesOf, PUSH_CAMPAIGN_CHUNK_JOB } from './pushCampaigns';
import { pushCampaignRepository } from './pushCampaignRepository';

/**
 * An import's updated passes reach their devices as one push campaign (cause 'import'): its first chunk that updates
 * passes starts it, each chunk adds chunk jobs naming its passes (at most a campaign chunk's size each; the write
 * gave them their new update tag already), and the import's end closes it (planned), so it ends done once every
 * chunk is counted and not before. What a chunk adds is stored in the transaction that stores the chunk's outcome:
 * a chunk kept is a chunk pushed. A template push neither cancels it nor is cancelled by it; once cancelled, the
 * import's later chunks queue nothing. Google Wallet objects are patched per pass, as for any change.
 *
 * @example registerImportCampaigns(context)
 */
export function registerImportCampaigns(context: AppContext): void {
  const { db, jobs } = context;
  const chunkPasses = chunkPassesOf(context.config);

  async function changed(handle: Db, passIds: string[], batch: PassChangeBatch): Promise<void> {
    const template = await handle
      .selectFrom('template')
      .select('projectId')
      .where('id', '=', batch.templateId)
      .executeTakeFirst();
    if (!template) return;
    const campaign = await pushCampaignRepository.ofImport(handle, {
      importId: batch.importId,
      projectId: template.projectId,
      templateId: batch.templateId,
      createdBy: batch.createdBy,
    });
    for (let from = 0; from < passIds.length; from += chunkPasses) {
      const chunk = passIds.slice(from, from + chunkPasses);
      const devices = await registrationRepository.countPushTargets(handle, {
        templateId: batch.templateId,
        passIds: chunk,
      });
      const seq = await pushCampaignRepository.addChunk(handle, campaign.id, chunk.length, devices);
      // cancelled: the import goes on, its passes are not pushed
      if (seq === undefined) break;
      await jobs.enqueue(handle, {
        kind: PUSH_CAMPAIGN_CHUNK_JOB,
        payload: { campaignId: campaign.id, part: `c${seq}`, passIds: chunk },
        dedupeKey: `pushCampaign:${campaign.id}:c${seq}`,
      });
    }
    await enqueueGooglePassPatches(context, handle, passIds);
  }

  async function ended(batch: PassChangeBatch): Promise<void> {
    const campaignId = await pushCampaignRepository.campaignIdOfImport(db, batch.importId);
    if (campaignId) await pushCampaignRepository.finishPlanning(db, campaignId);
  }

  onPassChanges(context, { changed, ended });
}
