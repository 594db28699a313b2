import fs from 'node:fs';
import type { AppContext } from '../../../kernel/appContext';
import { onPassChange } from '../../passes';
import { pushResultRepository, type PushResultInput } from './pushResultRepository';
import { registrationRepository, type PushTarget } from '../registrationRepository';
import { queueGooglePassPatch } from '../google/googleWalletJobs';
import { createApnsClient, type ApnsClient } from './apnsClient';
import { apnsIdentities, isDeadToken, NO_CERTIFICATE, type ApnsIdentities } from './apnsIdentities';
import { pushCampaignRepository } from './pushCampaignRepository';
import { PUSH_CAMPAIGN_PLAN_JOB, registerPushCampaignJobs } from './pushCampaigns';
import { registerImportCampaigns } from './importCampaigns';

/** How a push went so far: pushes that APNs accepted (sent) and the others (failed). */
export interface PushProgress {
  passes: number;
  devices: number;
  sent: number;
  failed: number;
}

export interface TemplatePush {
  /** what is known at the start: nothing yet (the planner counts passes and devices as it goes) */
  progress: PushProgress;
  /** the queued planner job of the campaign */
  jobId: string | undefined;
  /** the push campaign (resource pushCampaign) whose counters show the progress */
  campaignId: string;
}

/** Who and what starts a template's push. */
export interface TemplatePushOptions {
  /** 'template' (by default): the template changed or was pushed; 'renewal': its certificate was renewed */
  cause?: 'template' | 'renewal';
  /** the user or API client id that started it; none: the server */
  createdBy?: string | null;
}

/** The queue's jobs of the pushes (server/kernel/jobs); a template's are a campaign's (pushCampaigns.ts). */
export const PUSH_PASS_JOB = 'pushPass';
/** A template push queued before campaigns existed: started as a campaign. */
export const PUSH_TEMPLATE_JOB = 'pushTemplate';

export interface PushService {
  /** Notifies every device holding the pass now (the pushPass job). */
  pushPass(passId: string): Promise<PushProgress>;
  /**
   * What a pass's change means to the wallets (announcePassChange of features/passes calls it; an import's changes
   * come in batches and go out as one campaign, importCampaigns.ts): queues a pushPass job (its Apple Wallet devices
   * are notified after the answer, surviving a crash) and, when Google Wallet is configured and the pass's template
   * has a Save to Google Pay object template, a googlePass job (its Google Wallet object is patched).
   */
  queuePassPush(passId: string): Promise<void>;
  /**
   * Starts a push campaign of the template and answers at once: the campaign and its planner job are stored in one
   * transaction (a running campaign of the template is superseded); the job queue gives the live passes new update
   * tags and notifies their devices in chunks. Throws when the template does not exist.
   */
  pushTemplate(templateId: string, options?: TemplatePushOptions): Promise<TemplatePush>;
  /** Settles when no job of the queue is due or running (tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

function groupByCertificate(targets: PushTarget[]): Map<string | null, PushTarget[]> {
  const groups = new Map<string | null, PushTarget[]>();
  for (const target of targets) {
    const group = groups.get(target.certificateId);
    if (group) group.push(target);
    else groups.set(target.certificateId, [target]);
  }
  return groups;
}

/** Sends to every target, ends the registrations of dead tokens, stores the results and 'push' events. */
async function notifyAll(
  context: AppContext,
  apns: ApnsClient,
  identities: ApnsIdentities,
  targets: PushTarget[],
  progress: PushProgress,
) {
  const results: PushResultInput[] = [];
  const deadDevices = new Set<string>();
  for (const [certificateId, group] of groupByCertificate(targets)) {
    const identity = await identities.of(certificateId);
    await Promise.all(
      group.map(async (target) => {
        const answer = identity
          ? await apns.notify(identity, target.passTypeIdentifier, target.pushToken)
          : NO_CERTIFICATE;
        if (answer.status === 200) progress.sent += 1;
        else progress.failed += 1;
        if (isDeadToken(answer)) deadDevices.add(target.deviceId);
        results.push({ passId: target.passId, deviceId: target.deviceId, ...answer });
      }),
    );
  }
  for (const deviceId of deadDevices) await registrationRepository.unregister(context.db, deviceId);
  const pushedPasses = new Map(targets.map((target) => [target.passId, target]));
  await pushResultRepository.insertMany(
    context.db,
    results,
    [...pushedPasses.values()].map(({ passId, templateId, projectId }) => ({
      passId,
      templateId,
      projectId,
    })),
  );
}

/**
 * Apple Wallet pushes of one server (and the Google Wallet patch of a changed pass): APNs sessions and their results. The pushes run as jobs of the queue, whose
 * handlers this registers.
 *
 * @example const push = createPushService(context); await push.queuePassPush(passId)
 */
export function createPushService(context: AppContext): PushService {
  const { config } = context;
  const apns = createApnsClient({
    host: config.apnsHost,
    ca: config.apnsCaFile ? fs.readFileSync(config.apnsCaFile) : undefined,
    concurrency: config.apnsConcurrency,
    timeoutMs: config.apnsTimeoutMs,
  });
  const identities = apnsIdentities(context);

  async function pushPass(passId: string): Promise<PushProgress> {
    const targets = await registrationRepository.pushTargets(context.db, { passId });
    const progress = { passes: 1, devices: targets.length, sent: 0, failed: 0 };
    if (targets.length) await notifyAll(context, apns, identities, targets, progress);
    return progress;
  }

  async function pushTemplate(templateId: string, options: TemplatePushOptions = {}): Promise<TemplatePush> {
    const template = await context.db
      .selectFrom('template')
      .select(['id', 'projectId'])
      .where('id', '=', templateId)
      .executeTakeFirst();
    if (!template) throw new Error(`No template ${templateId} to push.`);
    const { campaignId, jobId } = await context.db.transaction().execute(async (trx) => {
      const campaign = await pushCampaignRepository.start(trx, {
        projectId: template.projectId,
        templateId,
        cause: options.cause ?? 'template',
        createdBy: options.createdBy ?? null,
      });
      const planner = await context.jobs.enqueue(trx, {
        kind: PUSH_CAMPAIGN_PLAN_JOB,
        payload: { campaignId: campaign.id },
      });
      return { campaignId: campaign.id, jobId: planner };
    });
    context.jobs.wake();
    return { progress: { passes: 0, devices: 0, sent: 0, failed: 0 }, jobId, campaignId };
  }

  context.jobs.handle(PUSH_PASS_JOB, (payload) => pushPass(String(payload.passId)));
  context.jobs.handle(PUSH_TEMPLATE_JOB, (payload) => pushTemplate(String(payload.templateId)));
  registerPushCampaignJobs(context, apns, identities);

  const queuePassPush = async (passId: string) => {
    await context.jobs.add({ kind: PUSH_PASS_JOB, payload: { passId } });
    await queueGooglePassPatch(context, passId);
  };
  onPassChange(context, queuePassPush);
  registerImportCampaigns(context);

  return {
    pushPass,
    pushTemplate,
    queuePassPush,
    settled: () => context.jobs.idle(),
    async close() {
      await apns.close();
    },
  };
}

const services = new WeakMap<AppContext, PushService>();

/**
 * The push service of the server's context, made on first use; the wallet routes make it at start-up with the
 * server's logger (and close it with the server).
 *
 * @example await pushServiceOf(call.app).queuePassPush(row.id)
 */
export function pushServiceOf(context: AppContext): PushService {
  let service = services.get(context);
  if (!service) {
    service = createPushService(context);
    services.set(context, service);
  }
  return service;
}
