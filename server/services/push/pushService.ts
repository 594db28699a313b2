import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import type { AppContext } from '../../appContext';
import { certificateRepository } from '../../repositories/certificateRepository';
import { pushResultRepository, type PushResultInput } from '../../repositories/pushResultRepository';
import { registrationRepository, type PushTarget } from '../../repositories/registrationRepository';
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
  /** settles when every device was notified and every result stored */
  done: Promise<void>;
}

type ErrorLogger = (error: unknown, message: string) => void;

export interface PushService {
  /** Notifies every device holding the pass (after an update through the API). */
  pushPass(passId: string): Promise<PushProgress>;
  /** Gives every live pass of the template a new update tag, then notifies their devices in the background. */
  pushTemplate(templateId: string): Promise<TemplatePush>;
  /** Runs a job after the current request without awaiting it; a failure is logged, never thrown. */
  inBackground(job: () => Promise<unknown>): Promise<void>;
  /** Settles when the background jobs started so far are over (tests, shutdown). */
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
 * Apple Wallet pushes of one server: APNs sessions, background jobs and their results.
 *
 * @example const push = createPushService(context); push.inBackground(() => push.pushPass(passId))
 */
export function createPushService(context: AppContext, logError: ErrorLogger): PushService {
  const { config } = context;
  const apns = createApnsClient({
    host: config.apnsHost,
    ca: config.apnsCaFile ? fs.readFileSync(config.apnsCaFile) : undefined,
    concurrency: config.apnsConcurrency,
  });
  const running = new Set<Promise<void>>();

  function inBackground(job: () => Promise<unknown>): Promise<void> {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .then(
        () => undefined,
        (error: unknown) => logError(error, 'Apple Wallet push failed'),
      )
      .finally(() => running.delete(run));
    running.add(run);
    return run;
  }

  async function settled(): Promise<void> {
    while (running.size) await Promise.all(running);
  }

  return {
    inBackground,
    settled,
    async pushPass(passId) {
      const targets = await registrationRepository.pushTargets(context.db, { passId });
      const progress = { passes: 1, devices: targets.length, sent: 0, failed: 0 };
      if (targets.length) await notifyAll(context, apns, targets, progress);
      return progress;
    },
    async pushTemplate(templateId) {
      const passes = await registrationRepository.touchPassesOfTemplate(context.db, templateId);
      const targets = await registrationRepository.pushTargets(context.db, { templateId });
      const progress = { passes, devices: targets.length, sent: 0, failed: 0 };
      const done = inBackground(() => notifyAll(context, apns, targets, progress));
      return { progress, done };
    },
    async close() {
      await settled();
      await apns.close();
    },
  };
}

const services = new WeakMap<AppContext, PushService>();

/**
 * The push service of the server's context, made on first use; the wallet routes make it at start-up with the
 * server's logger (and close it with the server).
 *
 * @example pushServiceOf(call.app).inBackground(() => pushServiceOf(call.app).pushPass(row.id))
 */
export function pushServiceOf(context: AppContext, logError: ErrorLogger = () => undefined): PushService {
  let service = services.get(context);
  if (!service) {
    service = createPushService(context, logError);
    services.set(context, service);
  }
  return service;
}
