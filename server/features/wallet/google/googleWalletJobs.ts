import type { AppContext } from '../../../kernel/appContext';
import type { Db } from '../../../kernel/db/database';
import { HttpError } from '../../../kernel/http/errors';
import type { NewJob } from '../../../kernel/jobs/jobRepository';
import { PermanentJobFailure } from '../../../kernel/jobs/permanentFailure';
import { templateRepository } from '../../passes';
import { GoogleFailure } from './googleErrors';
import { isGoogleWalletService, type GoogleWalletService } from './googleWallet';
import { googleWalletRepository, type LivePassKey } from './googleWalletRepository';
import { isGoogleWalletConfigured } from './serviceAccounts';
import { hasGoogleObject } from './templateOffer';

/** The queue's jobs of Google Wallet (server/kernel/jobs): one pass's object, and a template's fan-out to its passes. */
export const GOOGLE_PASS_JOB = 'googlePass';
export const GOOGLE_TEMPLATE_JOB = 'googleTemplate';

/** The patch of a pass's object: changes of the pass while it waits join it (it reads the pass when it runs). */
export const googlePassJob = (passId: string): NewJob => ({
  kind: GOOGLE_PASS_JOB,
  payload: { passId },
  coalesceKey: `${GOOGLE_PASS_JOB}:${passId}`,
});

/** Saves the template's class and queues the patch of each of its live passes; joins one that waits. */
export const googleTemplateJob = (templateId: string): NewJob => ({
  kind: GOOGLE_TEMPLATE_JOB,
  payload: { templateId },
  coalesceKey: `${GOOGLE_TEMPLATE_JOB}:${templateId}`,
});

/** passes whose jobs one statement queues */
const FAN_OUT_PAGE = 1000;

type GoogleJobsContext = Pick<AppContext, 'config' | 'db' | 'jobs' | 'googleWallet'>;

/**
 * Runs a job's work; what another attempt cannot change fails the job at once with its reason: Google's answers
 * 4xx (but 408 and 429), an object the template cannot build (409), Google Wallet not configured (503). Google
 * not reached, timing out or failing (5xx) and database errors are retried with the queue's backoff.
 */
async function retriedOnlyIfTransient<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GoogleFailure && error.transient) throw error;
    if (error instanceof HttpError) throw new PermanentJobFailure(error.message);
    throw error;
  }
}

function serviceOf(context: GoogleJobsContext): GoogleWalletService {
  if (!isGoogleWalletService(context.googleWallet))
    throw new HttpError(503, {
      en: 'Google Wallet cannot update saved objects on this server.',
      cs: 'Google Wallet na tomto serveru nemůže aktualizovat uložené objekty.',
    });
  return context.googleWallet;
}

/** Saves the class, then queues one googlePass job per live pass, a page at a time. */
async function fanOut(context: GoogleJobsContext, templateId: string) {
  const template = await templateRepository.findLive(context.db, templateId);
  if (!template || !hasGoogleObject(template))
    return { passes: 0, queued: 0, skipped: 'the template is deleted or offers no Google Wallet object' };
  const classSaved = await serviceOf(context).saveTemplateClass(template);
  let passes = 0;
  let queued = 0;
  let after: LivePassKey | undefined;
  for (;;) {
    const page = await googleWalletRepository.livePassKeysOfTemplate(
      context.db,
      template.id,
      after,
      FAN_OUT_PAGE,
    );
    passes += page.length;
    queued += await context.jobs.addMany(page.map((pass) => googlePassJob(pass.id)));
    if (page.length < FAN_OUT_PAGE) break;
    after = page[page.length - 1];
  }
  // passes whose job was waiting already are counted in passes, not in queued
  return { passes, queued, classSaved };
}

/**
 * Registers the handlers of the Google Wallet jobs on the queue (the core API's Google Wallet routes do, so every
 * instance runs them).
 *
 * @example installGoogleWalletJobs(context)
 */
export function installGoogleWalletJobs(context: GoogleJobsContext): void {
  context.jobs.handle(GOOGLE_PASS_JOB, (payload) =>
    retriedOnlyIfTransient(async () => ({
      object: await serviceOf(context).patchPassObject(String(payload.passId)),
    })),
  );
  context.jobs.handle(GOOGLE_TEMPLATE_JOB, (payload) =>
    retriedOnlyIfTransient(() => fanOut(context, String(payload.templateId))),
  );
}

/**
 * Queues the patch of a changed pass's Google Wallet object, when Google Wallet is configured and the pass's
 * template has a Save to Google Pay object template or is an event ticket (Google may hold the pass then; a pass never saved there
 * makes a job that ends as 'missing').
 *
 * @example await queueGooglePassPatch(context, passId)
 */
export async function queueGooglePassPatch(context: GoogleJobsContext, passId: string): Promise<void> {
  if (await enqueueGooglePassPatches(context, context.db, [passId])) context.jobs.wake();
}

/**
 * Stores in `db` (a transaction the caller commits, then wakes the queue) the patch of each pass's Google Wallet
 * object that may exist; answers how many were stored.
 *
 * @example if (await enqueueGooglePassPatches(context, trx, passIds)) afterCommit(() => context.jobs.wake())
 */
export async function enqueueGooglePassPatches(
  context: Pick<GoogleJobsContext, 'config' | 'jobs'>,
  db: Db,
  passIds: string[],
): Promise<number> {
  if (!isGoogleWalletConfigured(context.config.googleWallet)) return 0;
  let queued = 0;
  for (const passId of passIds)
    if (await googleWalletRepository.mayHaveObject(db, passId)) {
      await context.jobs.enqueue(db, googlePassJob(passId));
      queued += 1;
    }
  return queued;
}

/**
 * Queues the update of the objects of a template's live passes (the googleTemplate job), once it is known they can
 * be updated (HttpError 404, 409, 503, 502 as GoogleWalletService.checkTemplateObjects); answers at once.
 *
 * @example const { passes, jobId } = await queueTemplateObjectUpdates(context, templateId)
 */
export async function queueTemplateObjectUpdates(
  context: GoogleJobsContext,
  templateId: string,
): Promise<{ passes: number; jobId: string | undefined }> {
  const template = await serviceOf(context).checkTemplateObjects(templateId);
  // counted before the job is queued: on PGlite's one connection the count would wait for the whole fan-out
  const passes = await googleWalletRepository.countLivePassesOfTemplate(context.db, template.id);
  return { passes, jobId: await context.jobs.add(googleTemplateJob(template.id)) };
}
