import type { AppContext } from '../../../kernel/appContext';
import type { JobHandler } from '../../../kernel/jobs/jobQueue';
import { PermanentJobFailure } from '../../../kernel/jobs/permanentFailure';
import { GatewayError } from '../gateways/checkoutGateway';
import { orderRepository } from '../orderRepository';
import { ticketServicesOf } from '../ticketServices';
import { REFUND_GATEWAY_JOB, REFUND_MAIL_JOB } from './refundJobs';
import { refundRepository } from './refundRepository';
import { REFUND_RETRY, askGateway, settleRefund } from './refundSettlement';

/** Not an error: the gateway works on the refund still, and the queue asks again later. */
class RefundStillRequested extends Error {}

/**
 * Asks the gateway again about a refund still requested, under its id (the gateway refunds once), and settles it
 * with the answer; while the gateway is down or still working, the attempt "fails" so the queue asks later. A
 * gateway that refuses for good fails the refund with its words. A refund settled meanwhile ends the job.
 */
function refundGatewayHandler(context: AppContext): JobHandler {
  return async (payload) => {
    const refund = await refundRepository.find(context.db, String(payload.refundId));
    if (!refund) return { settled: false, reason: 'the refund is not there' };
    if (refund.state !== 'requested') return { settled: false, reason: `the refund is ${refund.state}` };
    const order = await refundRepository.orderOf(context.db, refund.orderId);
    if (!order) throw new PermanentJobFailure(`the order of refund ${refund.id} is not there`);
    let settled;
    try {
      settled = await settleRefund(
        context,
        REFUND_RETRY,
        refund.id,
        await askGateway(context, order, refund),
      );
    } catch (error) {
      if (!(error instanceof GatewayError) || error.retry) throw error;
      await settleRefund(context, REFUND_RETRY, refund.id, { state: 'failed', reason: error.message });
      return { settled: true, state: 'failed' };
    }
    if (settled.state === 'requested')
      throw new RefundStillRequested(`the gateway still works on refund ${refund.id}; asked again later`);
    return { settled: true, state: settled.state };
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
