import type { AppContext } from '../../kernel/appContext';
import { retryDelayMs } from '../../kernel/jobs/backoff';
import { deliveryRepository, type AttemptResult, type ClaimedDelivery } from './deliveryRepository';
import type { DeliverySender } from './deliverySender';
import { SIGNATURE_HEADER, signatureHeader } from './webhookSignature';
import { signingSecrets } from './webhookSecrets';
import { webhookRepository, type EndpointRow } from './webhookRepository';

/** The job kind that sends due deliveries (one waits at a time: `coalesceKey`). */
export const DELIVERY_JOB = 'webhookDeliveries';

/** Deliveries claimed at once. */
const CLAIM_LIMIT = 500;
/** Endpoints sent to at once, each in its own lane (its deliveries one after another, in event order). */
const MAX_LANES = 64;
/** How long one run of the job sends before it hands over to the next (other jobs get their turn). */
const RUN_MS = 20_000;
/** The longest wait between attempts of a delivery. */
const MAX_RETRY_MS = 3_600_000;

/** Wakes the sender: a job of the queue, stored in `db` (the cause's transaction), or on its own. */
export const deliveryJob = { kind: DELIVERY_JOB, payload: {}, coalesceKey: DELIVERY_JOB } as const;

/**
 * The outcome of an attempt that failed: retried after the backoff while the delivery's window lasts, else failed
 * for good with the reason.
 */
function failed(
  delivery: ClaimedDelivery,
  error: string,
  status: number | null,
  context: AppContext,
): AttemptResult {
  const delay = retryDelayMs(delivery.attempts + 1, context.config.webhookRetryBaseMs, MAX_RETRY_MS);
  const next = new Date(Date.now() + delay);
  const windowEnds = new Date(delivery.retryUntil);
  if (next > windowEnds)
    return {
      id: delivery.id,
      status: 'failed',
      responseCode: status,
      lastError: `${error} (given up: retried until ${windowEnds.toISOString()})`,
      nextAttemptAt: null,
      attempted: true,
    };
  return {
    id: delivery.id,
    status: 'pending',
    responseCode: status,
    lastError: error,
    nextAttemptAt: next.toISOString(),
    attempted: true,
  };
}

/** Why an endpoint takes no deliveries any more, or undefined when it does. */
const closedEndpoint = (endpoint: EndpointRow | undefined) =>
  !endpoint || endpoint.deletedAt
    ? 'The webhook was deleted.'
    : !endpoint.active
      ? 'The webhook is inactive.'
      : undefined;

/**
 * Sends one endpoint's claimed deliveries one after another (in event order). A delivery answered with a non-2xx
 * waits for its retry while the next ones go on; when the endpoint does not answer at all (timeout, refused
 * connection), the rest of the lane is not tried now but waits as long as the failed one.
 */
async function sendLane(
  context: AppContext,
  sender: DeliverySender,
  endpoint: EndpointRow | undefined,
  deliveries: readonly ClaimedDelivery[],
): Promise<void> {
  const results: AttemptResult[] = [];
  const closed = closedEndpoint(endpoint);
  let secrets: string[] = [];
  try {
    if (!closed && endpoint) secrets = signingSecrets(context.certificateKeys, endpoint, new Date());
  } catch {
    secrets = [];
  }
  for (const [index, delivery] of deliveries.entries()) {
    if (closed || !endpoint || !secrets.length) {
      const reason =
        closed ?? 'The secret of the webhook cannot be opened (was CERTIFICATE_KEY_SECRET changed?).';
      results.push({
        id: delivery.id,
        status: 'failed',
        responseCode: null,
        lastError: reason,
        nextAttemptAt: null,
        attempted: false,
      });
      continue;
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome = await sender.send(endpoint.url, delivery.body, {
      [SIGNATURE_HEADER]: signatureHeader(delivery.body, timestamp, secrets),
      'Passbase-Event-Id': delivery.eventId,
      'Passbase-Delivery-Id': delivery.id,
    });
    if (outcome.ok) {
      results.push({
        id: delivery.id,
        status: 'succeeded',
        responseCode: outcome.status,
        lastError: null,
        nextAttemptAt: null,
        attempted: true,
      });
      continue;
    }
    const result = failed(delivery, outcome.error ?? 'failed', outcome.status, context);
    results.push(result);
    if (outcome.status === null) {
      // unreachable: the others wait as long, untried
      for (const rest of deliveries.slice(index + 1))
        results.push({
          id: rest.id,
          status: 'pending',
          responseCode: null,
          lastError: null,
          nextAttemptAt: result.nextAttemptAt ?? new Date().toISOString(),
          attempted: false,
        });
      break;
    }
  }
  await deliveryRepository.record(context.db, results);
}

/**
 * Sends due deliveries until none is due or `ends`: claims them in event order, endpoint by endpoint in lanes (up to
 * MAX_LANES at once, one endpoint's deliveries one after another over a kept-alive connection); each lane's outcomes
 * are stored in one statement. Answers how many it claimed.
 */
async function sendDue(context: AppContext, sender: DeliverySender, ends: number): Promise<number> {
  const lanes = new Map<string, Promise<void>>();
  const lockSeconds = Math.ceil((context.config.webhookTimeoutMs * 4) / 1000) + 60;
  let sent = 0;
  for (;;) {
    if (lanes.size >= MAX_LANES) {
      await Promise.race(lanes.values());
      continue;
    }
    const claimed =
      Date.now() < ends
        ? await deliveryRepository.claimDue(context.db, CLAIM_LIMIT, [...lanes.keys()], lockSeconds)
        : [];
    if (!claimed.length) {
      if (!lanes.size) return sent;
      if (Date.now() >= ends) {
        await Promise.all(lanes.values());
        return sent;
      }
      await Promise.race(lanes.values());
      continue;
    }
    sent += claimed.length;
    const byEndpoint = new Map<string, ClaimedDelivery[]>();
    for (const delivery of claimed)
      byEndpoint.set(delivery.webhookId, [...(byEndpoint.get(delivery.webhookId) ?? []), delivery]);
    const endpoints = new Map(
      (await webhookRepository.endpoints(context.db, [...byEndpoint.keys()])).map((row) => [row.id, row]),
    );
    for (const [webhookId, deliveries] of byEndpoint) {
      const lane = sendLane(context, sender, endpoints.get(webhookId), deliveries).finally(() =>
        lanes.delete(webhookId),
      );
      lanes.set(webhookId, lane);
    }
  }
}

/**
 * The job that sends due deliveries (sendDue). One runs at a time in a process, so that one endpoint's deliveries
 * leave in event order: a job that starts while another sends asks that one to look again, and returns. Once none
 * is due, it queues itself for the next retry due.
 */
export function deliveryJobHandler(context: AppContext, sender: DeliverySender) {
  let sending = false;
  let again = false;
  return async (): Promise<{ sent: number }> => {
    if (sending) {
      again = true;
      return { sent: 0 };
    }
    sending = true;
    let sent = 0;
    try {
      const ends = Date.now() + RUN_MS;
      do {
        again = false;
        sent += await sendDue(context, sender, ends);
      } while (again && Date.now() < ends);
    } finally {
      sending = false;
    }
    const next = await deliveryRepository.nextDue(context.db);
    if (next) {
      const delayMs = Math.max(0, next.getTime() - Date.now());
      // a job of its own per due time (runs that find the same next one queue it once): a job waiting with the
      // coalesce key could be due later, and would not be moved
      await context.jobs.enqueue(context.db, {
        kind: DELIVERY_JOB,
        payload: {},
        delayMs,
        dedupeKey: `${DELIVERY_JOB}:${next.toISOString()}`,
      });
      // this process looks for it when it is due, not only at its next poll
      setTimeout(() => context.jobs.wake(), delayMs + 5).unref();
    }
    return { sent };
  };
}
