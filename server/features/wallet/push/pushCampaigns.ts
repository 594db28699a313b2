import type { AppContext } from '../../../kernel/appContext';
import { retryDelayMs } from '../../../kernel/jobs/backoff';
import { registrationRepository, type PushTarget } from '../registrationRepository';
import type { ApnsAnswer, ApnsClient } from './apnsClient';
import { isDeadToken, isTransient, NO_CERTIFICATE, type ApnsIdentities } from './apnsIdentities';
import { pushCampaignRepository } from './pushCampaignRepository';
import { pushResultRepository, type PushResultInput } from './pushResultRepository';

/** The queue's jobs of a campaign: its planner, its chunks, the retries of a chunk's tokens. */
export const PUSH_CAMPAIGN_PLAN_JOB = 'pushCampaignPlan';
export const PUSH_CAMPAIGN_CHUNK_JOB = 'pushCampaignChunk';
export const PUSH_CAMPAIGN_RETRY_JOB = 'pushCampaignRetry';

/**
 * Passes per chunk: on PostgreSQL, 1,000; on PGlite (one connection for every request) 250, so that each chunk's
 * statements stay short and other requests get their turn between them.
 */
export const chunkPassesOf = (config: { databaseUrl: string | undefined }) =>
  config.databaseUrl ? 1000 : 250;

/** Attempts of a push that got no answer, 429 or 5xx (the first included) before it counts as failed. */
export const PUSH_ATTEMPTS = 4;

/** One push of a campaign: a device told that passes of a pass type changed (all of the chunk's it holds). */
interface CampaignPush {
  deviceId: string;
  pushToken: string;
  passTypeIdentifier: string;
  certificateId: string | null;
  passIds: string[];
}

interface Pushed {
  push: CampaignPush;
  answer: ApnsAnswer;
}

/** An APNs answer in a campaign's words: "410 Unregistered", or the reason alone when APNs gave no answer. */
const describeAnswer = ({ status, reason }: ApnsAnswer) =>
  (status ? `${status} ${reason ?? ''}`.trim() : (reason ?? 'no answer')).slice(0, 500);

/** A chunk's registrations as pushes: one per device and pass type. */
function pushesOf(targets: PushTarget[]): CampaignPush[] {
  const pushes = new Map<string, CampaignPush>();
  for (const target of targets) {
    const key = `${target.deviceId} ${target.passTypeIdentifier}`;
    const push = pushes.get(key);
    if (push) push.passIds.push(target.passId);
    else
      pushes.set(key, {
        deviceId: target.deviceId,
        pushToken: target.pushToken,
        passTypeIdentifier: target.passTypeIdentifier,
        certificateId: target.certificateId,
        passIds: [target.passId],
      });
  }
  return [...pushes.values()];
}

/**
 * Push campaigns run by the job queue: the planner walks the template's live passes by id in chunks (each chunk's
 * passes get a new update tag and a chunk job, and the cursor moves, in one transaction: a crash resumes at the
 * cursor); an import's campaign gets a chunk job naming its passes per import chunk (importCampaigns.ts); a chunk job sends one push per device and pass type and counts its results once (its part's key); the
 * tokens that got no answer, 429 or 5xx go to a retry job with backoff. Chunk and retry jobs are ordinary jobs:
 * instances on one PostgreSQL share them. A campaign no longer running (cancelled, superseded) sends no more.
 *
 * @example registerPushCampaignJobs(context, apns, identities)
 */
export function registerPushCampaignJobs(context: AppContext, apns: ApnsClient, identities: ApnsIdentities) {
  const { db, jobs, config } = context;
  const chunkPasses = chunkPassesOf(config);

  async function send(pushes: CampaignPush[]): Promise<Pushed[]> {
    const byCertificate = new Map<string | null, CampaignPush[]>();
    for (const push of pushes) {
      const group = byCertificate.get(push.certificateId);
      if (group) group.push(push);
      else byCertificate.set(push.certificateId, [push]);
    }
    const sent: Pushed[][] = await Promise.all(
      [...byCertificate].map(async ([certificateId, group]) => {
        const identity = await identities.of(certificateId);
        return Promise.all(
          group.map(async (push) => ({
            push,
            answer: identity
              ? await apns.notify(identity, push.passTypeIdentifier, push.pushToken)
              : NO_CERTIFICATE,
          })),
        );
      }),
    );
    return sent.flat();
  }

  /**
   * Counts a part's pushes once (the transient failures go to a retry job queued in the same transaction, while
   * attempts remain), then stores their results and, for a chunk, its passes' 'push' events, in short batches of
   * their own (a part run again after a crash between the two is counted once and its results are not stored twice;
   * a crash right after the count loses its results, not its counts).
   */
  async function settle(
    campaign: { id: string; projectId: string; templateId: string },
    part: string,
    attempt: number,
    pushed: Pushed[],
    eventPasses: string[],
  ): Promise<void> {
    const retry = pushed.filter(({ answer }) => isTransient(answer) && attempt < PUSH_ATTEMPTS);
    const final = pushed.filter((entry) => !retry.includes(entry));
    const sent = final.filter(({ answer }) => answer.status === 200).length;
    const lastError = final.findLast(({ answer }) => answer.status !== 200)?.answer;
    const counted = await db.transaction().execute(async (trx) => {
      const first = await pushCampaignRepository.countPart(trx, {
        campaignId: campaign.id,
        part,
        sent,
        failed: final.length - sent,
        retried: retry.length,
        lastError: lastError ? describeAnswer(lastError) : null,
      });
      if (first && retry.length) {
        const next = `${part.replace(/\.r\d+$/, '')}.r${attempt + 1}`;
        await jobs.enqueue(trx, {
          kind: PUSH_CAMPAIGN_RETRY_JOB,
          payload: {
            campaignId: campaign.id,
            part: next,
            attempt: attempt + 1,
            pushes: retry.map((r) => r.push),
          },
          dedupeKey: `pushCampaign:${campaign.id}:${next}`,
          delayMs: retryDelayMs(attempt, config.jobRetryBaseMs, config.jobRetryMaxMs),
        });
      }
      return first;
    });
    if (!counted) return;
    if (retry.length) jobs.wake();
    const results: PushResultInput[] = final.flatMap(({ push, answer }) =>
      push.passIds.map((passId) => ({ passId, deviceId: push.deviceId, ...answer })),
    );
    await pushResultRepository.insertMany(
      db,
      results,
      eventPasses.map((passId) => ({
        passId,
        templateId: campaign.templateId,
        projectId: campaign.projectId,
      })),
    );
    const dead = new Set(final.filter(({ answer }) => isDeadToken(answer)).map(({ push }) => push.deviceId));
    for (const deviceId of dead) await registrationRepository.unregister(db, deviceId);
  }

  /** The campaign when it still runs and belongs to a template; undefined: nothing more is sent. */
  async function running(campaignId: string) {
    const campaign = await pushCampaignRepository.find(db, campaignId);
    if (!campaign || campaign.status !== 'running' || !campaign.templateId) return undefined;
    return { ...campaign, templateId: campaign.templateId };
  }

  /** Plans chunk after chunk until every live pass of the template is planned or the campaign stops. */
  async function plan(campaignId: string): Promise<{ chunks: number }> {
    for (;;) {
      const campaign = await running(campaignId);
      if (!campaign || campaign.planned) return { chunks: campaign?.chunks ?? 0 };
      const chunk = await pushCampaignRepository.nextChunk(
        db,
        campaign.templateId,
        campaign.cursor,
        chunkPasses,
      );
      if (!chunk) {
        await pushCampaignRepository.finishPlanning(db, campaignId);
        return { chunks: campaign.chunks };
      }
      const range = { templateId: campaign.templateId, after: chunk.after, upTo: chunk.upTo };
      const queued = await db
        .transaction()
        .execute(async (trx) => {
          const passes = await registrationRepository.touchPassesOfTemplate(trx, range);
          const devices = await registrationRepository.countPushTargets(trx, range);
          const seq = await pushCampaignRepository.advance(trx, campaignId, { ...chunk, passes }, devices);
          // stopped or planned by another run meanwhile: nothing of this chunk is kept
          if (seq === undefined) throw new PlanStopped();
          await jobs.enqueue(trx, {
            kind: PUSH_CAMPAIGN_CHUNK_JOB,
            payload: { campaignId, part: `c${seq}`, after: chunk.after, upTo: chunk.upTo },
            dedupeKey: `pushCampaign:${campaignId}:c${seq}`,
          });
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof PlanStopped) return false;
          throw error;
        });
      if (!queued) return { chunks: campaign.chunks };
      jobs.wake();
      // other requests get their turn between chunks (PGlite serves one statement at a time)
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function chunk(payload: Record<string, unknown>) {
    const campaign = await running(String(payload.campaignId));
    if (!campaign) return { skipped: true };
    // a template campaign's chunk is a range of pass ids; an import campaign's names its passes
    const targets = await registrationRepository.pushTargets(
      db,
      Array.isArray(payload.passIds)
        ? { templateId: campaign.templateId, passIds: payload.passIds.map(String) }
        : {
            templateId: campaign.templateId,
            after: typeof payload.after === 'string' ? payload.after : null,
            upTo: String(payload.upTo),
          },
    );
    const pushed = await send(pushesOf(targets));
    const passIds = [...new Set(targets.map((target) => target.passId))];
    await settle(campaign, String(payload.part), 1, pushed, passIds);
    return { pushes: pushed.length };
  }

  async function retry(payload: Record<string, unknown>) {
    const campaign = await running(String(payload.campaignId));
    if (!campaign) return { skipped: true };
    const pushed = await send(payload.pushes as CampaignPush[]);
    await settle(campaign, String(payload.part), Number(payload.attempt), pushed, []);
    return { pushes: pushed.length };
  }

  jobs.handle(PUSH_CAMPAIGN_PLAN_JOB, (payload) => plan(String(payload.campaignId)));
  jobs.handle(PUSH_CAMPAIGN_CHUNK_JOB, chunk);
  jobs.handle(PUSH_CAMPAIGN_RETRY_JOB, retry);
}

/** The planner's transaction found its campaign stopped (or planned by another run): it is rolled back. */
class PlanStopped extends Error {}
