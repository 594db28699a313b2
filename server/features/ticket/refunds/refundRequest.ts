import type { Refund, RefundRequest } from '../../../../domain/schemas/refund';
import { formatMoney } from '../../../../domain/ticket/money';
import { isPaid } from '../../../../domain/ticket/paymentStates';
import { roundMoney } from '../../../../domain/ticket/pricing';
import type { Db } from '../../../kernel/db/database';
import type { OrderItemRow, OrderRow, RefundRow } from '../../../kernel/db/tables';
import { recordChanges } from '../../../kernel/engine/auditTrail';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { HttpError, badField, conflict, notFound } from '../../../kernel/http/errors';
import { orderItemChange } from '../orderTrail';
import { refundGatewayJob } from './refundJobs';
import { orderItemRepository } from '../orderItemRepository';
import { refundRepository } from './refundRepository';
import { refundChange, refundEntity } from './refundResource';
import { refundableOrder } from './refundRights';

/** Amounts compared in cents: 0.1 + 0.2 is 0.30 here. */
const cents = (amount: number) => Math.round(amount * 100);

/** A refund may give back what was paid: a paid order, or a payment that arrived after its order timed out. */
const wasPaid = (order: OrderRow) => isPaid(order) || order.latePaymentAt !== null;

/** What the request asks, checked beyond its schema: a reason that says something, an amount in cents. */
function checkedRequest(body: RefundRequest): RefundRequest {
  const reason = body.reason.trim();
  if (!reason)
    throw badField('/reason', {
      en: 'Say why the money is given back.',
      cs: 'Uveďte, proč se peníze vracejí.',
    });
  if (body.amount !== undefined && Math.abs(body.amount * 100 - cents(body.amount)) > 1e-6)
    throw badField('/amount', {
      en: 'The amount has at most two decimals (cents).',
      cs: 'Částka má nejvýše dvě desetinná místa (haléře).',
    });
  if (body.amount !== undefined && body.itemIds !== undefined)
    throw badField('/amount', {
      en: 'Refund either items (their prices) or an amount, not both.',
      cs: 'Vraťte buď položky (jejich ceny), nebo částku, ne obojí.',
    });
  return { ...body, reason };
}

/**
 * The items a request gives back: those named (each of the order, issued and not refunded yet: 400 naming it), or
 * for the whole order its issued items not refunded yet; none for an amount.
 */
function refundedItems(order: OrderRow, items: OrderItemRow[], request: RefundRequest): OrderItemRow[] {
  const refundable = (item: OrderItemRow) => item.issued && item.state === 'issued' && item.refundId === null;
  if (request.amount !== undefined) return [];
  if (request.itemIds === undefined) return items.filter(refundable);
  return request.itemIds.map((id, index) => {
    const item = items.find((candidate) => candidate.id === id);
    const path = `/itemIds/${index}`;
    if (!item)
      throw badField(path, {
        en: `${id} is not an item of order ${order.orderNumber}.`,
        cs: `${id} není položkou objednávky ${order.orderNumber}.`,
      });
    if (item.refundId !== null)
      throw badField(path, {
        en: `Item ${item.itemNumber ?? id} was refunded already.`,
        cs: `Položka ${item.itemNumber ?? id} už byla vrácena.`,
      });
    if (!refundable(item))
      throw badField(path, {
        en: `Item ${item.itemNumber ?? id} has no issued ticket to give back.`,
        cs: `Položka ${item.itemNumber ?? id} nemá vydanou vstupenku, kterou by šlo vrátit.`,
      });
    return item;
  });
}

/**
 * Decides and stores the refund in one transaction holding the order's row: the order paid (or paid late) else 409;
 * the amount (the items' prices, the amount asked, or all that is left) at most what was paid less its refunds
 * requested and succeeded, else 400 naming what is left; the refund stored requested and its items given to it, each
 * write in the trail under the viewer.
 */
async function storeRequest(
  call: CallContext,
  orderId: string,
  request: RefundRequest,
): Promise<{ order: OrderRow; refund: RefundRow; jobId: string | undefined }> {
  const { viewer } = call;
  const config = call.app.config;
  return call.app.db.transaction().execute(async (trx: Db) => {
    const order = await refundRepository.lockOrder(trx, orderId);
    if (!order) throw notFound('Order');
    if (!wasPaid(order))
      throw conflict({
        en: `Only a paid order is refunded; order ${order.orderNumber} is ${order.paymentState}.`,
        cs: `Vrátit lze jen zaplacenou objednávku; objednávka ${order.orderNumber} je ve stavu ${order.paymentState}.`,
      });
    const paid = Number(order.totalWithVat);
    const left = roundMoney(paid - (await refundRepository.takenOf(trx, order.id)));
    const items = refundedItems(order, await orderItemRepository.liveOfOrder(trx, order.id), request);
    const whole = request.amount === undefined && request.itemIds === undefined;
    const amount = whole
      ? left
      : (request.amount ?? roundMoney(items.reduce((sum, item) => sum + Number(item.discountedPrice), 0)));
    const money = (value: number) => formatMoney(value, order.currency, 'en');
    const czechMoney = (value: number) => formatMoney(value, order.currency, 'cs');
    if (whole && cents(left) <= 0)
      throw conflict({
        en: `Nothing is left to refund of order ${order.orderNumber}: its ${money(paid)} were given back.`,
        cs: `Z objednávky ${order.orderNumber} nezbývá nic k vrácení: jejích ${czechMoney(paid)} už bylo vráceno.`,
      });
    if (cents(amount) > cents(left))
      throw badField(request.itemIds ? '/itemIds' : '/amount', {
        en: `At most ${money(left)} is left to refund of order ${order.orderNumber}; ${money(amount)} was asked.`,
        cs: `Z objednávky ${order.orderNumber} lze vrátit nejvýše ${czechMoney(left)}; žádáno bylo ${czechMoney(amount)}.`,
      });
    if (cents(amount) <= 0)
      throw badField('/itemIds', {
        en: 'The items chosen were paid nothing: there is nothing to give back.',
        cs: 'Za vybrané položky se nic nezaplatilo: není co vracet.',
      });
    const refund = await refundRepository.insert(trx, {
      projectId: order.projectId,
      eshopId: order.eshopId,
      orderId: order.id,
      orderNumber: order.orderNumber,
      itemIds: items.map((item) => item.id),
      amount,
      currency: order.currency,
      reason: request.reason,
      createdBy: viewer.id,
      createdByName: viewer.name,
    });
    const claimed = await refundRepository.claimItems(
      trx,
      refund.id,
      items.map((item) => item.id),
    );
    await recordChanges({ db: trx, config }, viewer, [
      refundChange(config, undefined, refund),
      ...claimed.map((after) =>
        orderItemChange(
          config,
          items.find((item) => item.id === after.id),
          after,
        ),
      ),
    ]);
    // the gateway is asked by the queue, whose job is stored with the refund: a refund is never left unasked
    const jobId = await call.app.jobs.enqueue(trx, refundGatewayJob(refund.id, viewer));
    return { order, refund, jobId };
  });
}

/** How long the request waits for the gateway's first answer before it answers the refund as requested. */
const ANSWER_WITHIN_MS = 20_000;

/**
 * Refunds an order (POST /v1/order/{id}/refund): the refund is decided and stored requested with the queue's job that
 * asks the order's gateway (storeRequest), in one transaction; the request waits for the job's first attempt and
 * answers the refund as it then is (succeeded, failed with the gateway's reason, or still requested while the
 * gateway works on it). A gateway down or unreachable answers 502 with its words: the refund stays requested, and
 * the queue asks again with the same refund id (the gateway's idempotency key).
 *
 * @example const refund = await refundOrder(call, orderId, { reason: 'Event canceled' })
 */
export async function refundOrder(call: CallContext, orderId: string, body: RefundRequest): Promise<Refund> {
  await refundableOrder(call, orderId);
  const { order, refund, jobId } = await storeRequest(call, orderId, checkedRequest(body));
  const { app } = call;
  app.jobs.wake();
  const outcome = jobId
    ? await app.jobs.outcome(jobId, ANSWER_WITHIN_MS, { firstAttempt: true })
    : { finished: false as const };
  const now = (await refundRepository.find(app.db, refund.id)) ?? refund;
  if (now.state === 'requested' && !outcome.finished && outcome.error)
    throw new HttpError(
      502,
      `${outcome.error} The refund of order ${order.orderNumber} stays requested and is asked of the gateway again shortly.`,
    );
  return refundEntity(app.config, now);
}
