import type { AuditActor } from '../../../kernel/engine/auditTrail';
import type { NewJob } from '../../../kernel/jobs/jobRepository';

/** The queue's job that asks the gateway again about a refund it did not settle (down, slow, or still working). */
export const REFUND_GATEWAY_JOB = 'refundGateway';

/** The queue's job that sends the customer the e-mail of a succeeded refund (its credit note attached). */
export const REFUND_MAIL_JOB = 'refundMail';

/** Asked again with the queue's backoff (JOB_RETRY_BASE_MS doubling up to JOB_RETRY_MAX_MS): about a day at the defaults. */
const GATEWAY_ASKS = 30;

/**
 * The refund asked of its gateway, under the refund's id (the gateway's idempotency key), settled under who asked for
 * it (`actor`); one per refund, and one follow-up while the gateway works on it.
 */
export const refundGatewayJob = (refundId: string, actor?: AuditActor, followUp = false): NewJob => ({
  kind: REFUND_GATEWAY_JOB,
  payload: { refundId, ...(actor ? { actor } : {}), ...(followUp ? { followUp } : {}) },
  dedupeKey: `${REFUND_GATEWAY_JOB}:${refundId}${followUp ? ':followUp' : ''}`,
  maxAttempts: GATEWAY_ASKS,
});

/** The e-mail of a refund: its dedupe key makes a second enqueue for the same refund a no-op. */
export const refundMailJob = (refundId: string): NewJob => ({
  kind: REFUND_MAIL_JOB,
  payload: { refundId },
  dedupeKey: `${REFUND_MAIL_JOB}:${refundId}`,
});
