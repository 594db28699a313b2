import { passResource } from '../../../../domain/schemas/pass';
import { isPaid } from '../../../../domain/ticket/paymentStates';
import { roundMoney } from '../../../../domain/ticket/pricing';
import type { AppContext } from '../../../kernel/appContext';
import type { Db } from '../../../kernel/db/database';
import type { OrderRow, PassRow, RefundRow } from '../../../kernel/db/tables';
import {
  recordChanges,
  systemActor,
  type AuditActor,
  type RowChange,
} from '../../../kernel/engine/auditTrail';
import { entityOf } from '../../../kernel/engine/crudService';
import { announcePassChange, passDefinition } from '../../passes';
import { publishIfHeard } from '../../../kernel/events/integrationEvents';
import { refundEventData } from '../orderEvents';
import { GatewayError, type RefundOutcome } from '../gateways/checkoutGateway';
import { orderItemChange, writeOrder } from '../orderTrail';
import { ticketServicesOf } from '../ticketServices';
import { creditNoteNumber, refundRepository, type RefundSettlement } from './refundRepository';
import { refundMailJob } from './refundJobs';
import { refundChange } from './refundResource';

/** Who the trail names for what the queue does to a refund after its request's answer. */
export const REFUND_RETRY = systemActor('refund retry');

/**
 * Asks the order's gateway (the simulated bank, Stripe or GoPay) to give the refund's amount back, under the
 * refund's id: asked again with the same id, a gateway refunds once. Throws a GatewayError, or the network's error.
 */
export async function askGateway(
  context: AppContext,
  order: OrderRow,
  refund: RefundRow,
): Promise<RefundOutcome> {
  const { gateway } = ticketServicesOf(context);
  if (!gateway.refund)
    throw new GatewayError('Refunds are not available: no payment gateway runs on this server.', false);
  return gateway.refund(order, { refundId: refund.id, amount: Number(refund.amount) });
}

/** The succeeded refund's credit note number, for a paid order (which has an invoice); none for a late payment. */
async function creditNoteOf(trx: Db, order: OrderRow, at: Date): Promise<string | null> {
  if (!isPaid(order)) return null;
  const year = at.getUTCFullYear();
  const serial = await refundRepository.takeCreditNoteSerial(trx, order.eshopId, year);
  return creditNoteNumber(await refundRepository.orderPrefixOf(trx, order.eshopId), year, serial);
}

/**
 * A succeeded refund's consequences, in its transaction: the order's refunded amount, the refunded items' tickets
 * voided (the gate refuses them) and their passes voided with a new update tag, the customer's e-mail queued, webhooks'
 * order.refunded published. Answers
 * the passes to push once committed.
 */
async function followSuccess(
  trx: Db,
  context: AppContext,
  actor: AuditActor,
  order: OrderRow,
  refund: RefundRow,
): Promise<string[]> {
  const trail = { db: trx, config: context.config };
  const refundedAmount = String(roundMoney(Number(order.refundedAmount) + Number(refund.amount)));
  await writeOrder(trail, actor, order, { refundedAmount });
  await publishIfHeard(context.integrationEvents, trx, order.projectId, 'order.refunded', () =>
    refundEventData({ ...order, refundedAmount }, refund),
  );
  const items = await refundRepository.voidItems(trx, refund.itemIds as string[]);
  const passIds = items.after.flatMap((item) => (item.passId ? [item.passId] : []));
  const passes = await refundRepository.voidPasses(trx, passIds);
  const itemBefore = new Map(items.before.map((item) => [item.id, item]));
  const passBefore = new Map(passes.before.map((pass) => [pass.id, pass]));
  const passChange = (after: PassRow): RowChange => ({
    resource: passResource.name,
    action: 'update',
    before: entityOf(passDefinition, context.config, passBefore.get(after.id) ?? after),
    after: entityOf(passDefinition, context.config, after),
  });
  const changes: RowChange[] = [
    ...items.after.map((after) => orderItemChange(context.config, itemBefore.get(after.id), after)),
    ...passes.after.map(passChange),
  ];
  await recordChanges(trail, actor, changes);
  // the passes are voided around the engine, so their webhooks' event is published here, as the engine would
  for (const pass of passes.after)
    if (!passBefore.get(pass.id)?.voided)
      await publishIfHeard(context.integrationEvents, trx, pass.projectId, 'pass.voided', () =>
        entityOf(passDefinition, context.config, pass),
      );
  await context.jobs.enqueue(trx, refundMailJob(refund.id));
  return passes.after.map((pass) => pass.id);
}

/**
 * Stores what the gateway said of a refund still requested (of concurrent settlers, the first; the others find it
 * settled): succeeded (a credit note number for a paid order, and followSuccess), failed with the gateway's reason
 * (its items may be refunded again), or still requested (the gateway's id kept). Every write is in the trail under
 * the actor. Answers the refund as it is now.
 *
 * @example await settleRefund(context, viewer, refund.id, await askGateway(context, order, refund))
 */
export async function settleRefund(
  context: AppContext,
  actor: AuditActor,
  refundId: string,
  outcome: RefundOutcome,
): Promise<RefundRow> {
  const { refund, passIds } = await context.db.transaction().execute(async (trx) => {
    const found = await refundRepository.find(trx, refundId);
    if (!found) throw new Error(`The refund ${refundId} is not there.`);
    // the order's row first, as a refund's request takes it: settlers and requesters of one order queue alike
    const order = await refundRepository.lockOrder(trx, found.orderId, { deletedToo: true });
    const before = (await refundRepository.lock(trx, refundId)) as RefundRow;
    if (before.state !== 'requested' || !order) return { refund: before, passIds: [] };
    const trail = { db: trx, config: context.config };
    const gatewayRefundId = outcome.gatewayRefundId ?? before.gatewayRefundId;
    // the refund's row is held, still requested: the settlement is this one's
    const settle = async (settlement: RefundSettlement) =>
      (await refundRepository.settle(trx, refundId, settlement)) as RefundRow;
    if (outcome.state === 'requested') {
      const kept = await settle({ state: 'requested', gatewayRefundId });
      await recordChanges(trail, actor, [refundChange(context.config, before, kept)]);
      return { refund: kept, passIds: [] };
    }
    if (outcome.state === 'failed') {
      const failed = await settle({
        state: 'failed',
        gatewayRefundId,
        failureReason: outcome.reason?.trim() || 'The gateway refused the refund without saying why.',
      });
      const released = await refundRepository.releaseItems(trx, refundId);
      await recordChanges(trail, actor, [
        refundChange(context.config, before, failed),
        ...released.map((item) => orderItemChange(context.config, { ...item, refundId }, item)),
      ]);
      return { refund: failed, passIds: [] };
    }
    const refundedAt = new Date();
    const succeeded = await settle({
      state: 'succeeded',
      gatewayRefundId,
      refundedAt,
      creditNoteNumber: await creditNoteOf(trx, order, refundedAt),
    });
    await recordChanges(trail, actor, [refundChange(context.config, before, succeeded)]);
    return { refund: succeeded, passIds: await followSuccess(trx, context, actor, order, succeeded) };
  });
  if (refund.state === 'succeeded') {
    context.jobs.wake();
    context.integrationEvents.wake();
  }
  // the voided passes reach the wallets that hold them
  for (const passId of passIds) await announcePassChange(context, passId);
  return refund;
}
