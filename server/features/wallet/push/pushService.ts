import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import type { AppContext } from '../../../kernel/appContext';
import { certificateRepository, onPassChange } from '../../passes';
import { pushResultRepository, type PushResultInput } from './pushResultRepository';
import { registrationRepository, type PushTarget } from '../registrationRepository';
import { queueGooglePassPatch } from '../google/googleWalletJobs';
import { createApnsClient, type ApnsAnswer, type ApnsClient, type ApnsIdentity } from './apnsClient';

/** How a push went so far: pushes that APNs accepted (sent) and the others (failed). */
export interface PushProgress {
  passes: number;
  devices: number;
  sent: number;
  failed: number;
}

export interface TemplatePush {
  progress: PushProgress;
  /** the queued job that notifies the devices */
  jobId: string | undefined;
}

/** The queue's jobs of the pushes (server/kernel/jobs). */
export const PUSH_PASS_JOB = 'pushPass';
export const PUSH_TEMPLATE_JOB = 'pushTemplate';

export interface PushService {
  /** Notifies every device holding the pass now (the pushPass job). */
  pushPass(passId: string): Promise<PushProgress>;
  /**
   * What a pass's change means to the wallets (announcePassChange of features/passes calls it): queues a pushPass job (its Apple Wallet devices
   * are notified after the answer, surviving a crash) and, when Google Wallet is configured and the pass's template
   * has a Save to Google Pay object template, a googlePass job (its Google Wallet object is patched).
   */
  queuePassPush(passId: string): Promise<void>;
  /**
   * Gives every live pass of the template a new update tag and queues, in the same transaction, the pushTemplate
   * job that notifies their devices.
   */
  pushTemplate(templateId: string): Promise<TemplatePush>;
  /** Notifies every device holding a pass of the template now (the pushTemplate job). */
  notifyTemplate(templateId: string): Promise<PushProgress>;
  /** Settles when no job of the queue is due or running (tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** APNs answers meaning the push token is no longer valid: its device's registrations end. */
const isDeadToken = (answer: ApnsAnswer) =>
  answer.status === 410 || (answer.status === 400 && answer.reason === 'BadDeviceToken');

const NO_CERTIFICATE: ApnsAnswer = {
  status: 0,
  reason: "The pass's template has no certificate issued by Apple (with its key) to push with.",
};

async function identityOf(
  context: AppContext,
  certificateId: string | null,
): Promise<ApnsIdentity | undefined> {
  if (!certificateId) return undefined;
  const row = await certificateRepository.findLive(context.db, certificateId);
  if (!row?.certificate) return undefined;
  try {
    const der = context.certificateKeys.open(row.privateKey, row.id);
    const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    return {
      certificateId: row.id,
      certificatePem: row.certificate,
      privateKeyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
  } catch {
    return undefined;
  }
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
  targets: PushTarget[],
  progress: PushProgress,
) {
  const results: PushResultInput[] = [];
  const deadDevices = new Set<string>();
  for (const [certificateId, group] of groupByCertificate(targets)) {
    const identity = await identityOf(context, certificateId);
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
  });

  async function pushPass(passId: string): Promise<PushProgress> {
    const targets = await registrationRepository.pushTargets(context.db, { passId });
    const progress = { passes: 1, devices: targets.length, sent: 0, failed: 0 };
    if (targets.length) await notifyAll(context, apns, targets, progress);
    return progress;
  }

  async function notifyTemplate(templateId: string): Promise<PushProgress> {
    const targets = await registrationRepository.pushTargets(context.db, { templateId });
    const progress = { passes: 0, devices: targets.length, sent: 0, failed: 0 };
    if (targets.length) await notifyAll(context, apns, targets, progress);
    return progress;
  }

  context.jobs.handle(PUSH_PASS_JOB, (payload) => pushPass(String(payload.passId)));
  context.jobs.handle(PUSH_TEMPLATE_JOB, (payload) => notifyTemplate(String(payload.templateId)));

  const queuePassPush = async (passId: string) => {
    await context.jobs.add({ kind: PUSH_PASS_JOB, payload: { passId } });
    await queueGooglePassPatch(context, passId);
  };
  onPassChange(context, queuePassPush);

  return {
    pushPass,
    notifyTemplate,
    queuePassPush,
    async pushTemplate(templateId) {
      const { passes, jobId } = await context.db.transaction().execute(async (trx) => ({
        passes: await registrationRepository.touchPassesOfTemplate(trx, templateId),
        jobId: await context.jobs.enqueue(trx, { kind: PUSH_TEMPLATE_JOB, payload: { templateId } }),
      }));
      context.jobs.wake();
      const devices = await registrationRepository.countPushTargets(context.db, { templateId });
      return { progress: { passes, devices, sent: 0, failed: 0 }, jobId };
    },
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
