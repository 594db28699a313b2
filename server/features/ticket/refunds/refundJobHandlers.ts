import type { AppContext } from '../../../kernel/appContext';
import type { AuditActor } from '../../../kernel/engine/auditTrail';
import type { JobHandler } from '../../../kernel/jobs/jobQueue';
import { PermanentJobFailure } from '../../../kernel/jobs/permanentFailure';
import { GatewayError } from '../gateways/checkoutGateway';
import { orderRepository } from '../orderRepository';
import { ticketServicesOf } from '../ticketServices';
import { REFUND_GATEWAY_JOB, REFUND_MAIL_JOB, refundGatewayJob } from './refundJobs';
import { refundRepository } from './refundRepository';
import { REFUND_RETRY, askGateway, settleRefund } from './refundSettlement';

/** Not an error: the gateway works on the refund still, and the queue asks again later. */
class RefundStillRequested extends Error {}

/** Who asked for the refund, as the job carries it; the queue's own name for a job without one. */
const actorOf = (payload: Record<string, unknown>): AuditActor => {
  const actor = payload.actor as Partial<AuditActor> | undefined;
  return typeof actor?.name === 'string' ? { id: actor.id ?? null, name: actor.name } : REFUND_RETRY;
};

/**
 * Asks the gateway about a refund still requested, under its id (the gateway refunds once), and settles it with the
 * answer under who asked; while the gateway is down the attempt fails so the queue asks later. A gateway still
 * working on it gets a follow-up job, which asks with the queue's backoff (the refund's own job ends, so the request
 * waiting for it answers "requested"). A gateway that refuses for good fails the refund with its words. A refund
 * settled meanwhile ends the job.
 */
function refundGatewayHandler(context: AppContext): JobHandler {
  return async (payload) => {
    const actor = actorOf(payload);
    const refund = await refundRepository.find(context.db, String(payload.refundId));
    if (!refund) return { settled: false, reason: 'the refund is not there' };
    if (refund.state !== 'requested') return { settled: false, reason: `the refund is ${refund.state}` };
    const order = await refundRepository.orderOf(context.db, refund.orderId);
    if (!order) throw new PermanentJobFailure(`the order of refund ${refund.id} is not there`);
    let outcome;
    try {
      outcome = await askGateway(context, order, refund);
    } catch (error) {
      if (!(error instanceof GatewayError))
        throw Object.assign(new GatewayError('The payment gateway could not be reached.'), { cause: error });
      if (error.retry) throw error;
      await settleRefund(context, actor, refund.id, { state: 'failed', reason: error.message });
      return { settled: true, state: 'failed' };
    }
    let settled;
    try {
      settled = await settleRefund(context, actor, refund.id, outcome);
    } catch (error) {
      // the gateway's answer is asked for again, under the same id, and stored then
      throw Object.assign(
        new Error(
          `The gateway's answer to refund ${refund.id} could not be recorded now; it is asked again.`,
        ),
        { cause: error },
      );
    }
    if (settled.state !== 'requested') return { settled: true, state: settled.state };
    if (payload.followUp === true)
      throw new RefundStillRequested(`the gateway still works on refund ${refund.id}; asked again later`);
    await context.jobs.add({
      ...refundGatewayJob(refund.id, actor, true),
      delayMs: context.config.jobRetryBaseMs,
    });
    return { settled: false, state: 'requested' };
  };
}

/**
 * Sends the customer the e-mail of a succeeded refund unless it was sent already (its `emailSentAt`, stamped with
 * the send), so a job run again sends nothing twice.
 */
function refundMailHandler(context: AppContext): JobHandler {
  return async (payload) => {
    const refund = await refundRepository.find(context.db, String(payload.refundId));
    if (!refund || refund.state !== 'succeeded') return { sent: false, reason: 'no succeeded refund' };
    if (refund.emailSentAt) return { sent: false, reason: 'the email was sent already' };
    const order = await orderRepository.findLive(context.db, refund.orderId);
    if (!order) return { sent: false, reason: 'the order was deleted' };
    await ticketServicesOf(context).mailer.sendRefundMail(order, refund);
    return { sent: true };
  };
}

/** The queue's handlers of refunds: the gateway asked again, the customer's e-mail. */
export function handleRefundJobs(context: AppContext): void {
  context.jobs.handle(REFUND_GATEWAY_JOB, refundGatewayHandler(context));
  context.jobs.handle(REFUND_MAIL_JOB, refundMailHandler(context));
}
