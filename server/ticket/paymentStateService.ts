import type { PaymentState, PaymentStateAnswer } from '../../domain/schemas/order';
import { canMovePayment } from '../../domain/ticket/paymentStates';
import { conflict } from '../http/errors';
import { orderRepository } from '../repositories/orderRepository';
import type { CallContext } from '../engine/resourceDefinition';
import type { OrderRow } from '../db/tables';
import type { AuditActor, TrailContext } from '../engine/auditTrail';
import { plannedOrderEntry } from './orderTrail';
import { ticketServicesOf } from './ticketServices';

/**
 * Moves the order's payment to `to` if it is still the order's (compare and set), with its audit entry under the
 * actor, in one statement; undefined when another move came first.
 */
export async function movePayment(
  trail: TrailContext,
  actor: AuditActor,
  order: OrderRow,
  to: PaymentState,
): Promise<OrderRow | undefined> {
  const planned = plannedOrderEntry(trail, actor, order);
  const moved = await orderRepository.movePaymentState(trail.db, order, to, planned.entryOf);
  await planned.confirm(moved);
  return moved;
}

/**
 * Asks the gateway about the order's payment again and stores the answer when it is a legal move (spec section 4);
 * the same state is no change; an illegal move (e.g. paid -> canceled) is 409 and nothing changes; a gateway that
 * cannot tell (unknown) changes nothing either, and the answer says so (stateKnown false).
 */
export async function refreshPaymentState(call: CallContext, order: OrderRow): Promise<PaymentStateAnswer> {
  const from = order.paymentState as PaymentState;
  const { paymentState: to } = await ticketServicesOf(call.app).gateway.status(order);
  const answer = {
    id: order.id,
    orderNumber: order.orderNumber,
    previousPaymentState: from,
    stateKnown: true,
  };
  // unknown: the gateway cannot tell (e.g. it lost the payment); storing that would throw away what the order knows
  if (to === 'unknown') {
    await orderRepository.countPaymentCheck(call.app.db, order.id);
    return { ...answer, paymentState: from, changed: false, stateKnown: false };
  }
  if (to === from) {
    await orderRepository.countPaymentCheck(call.app.db, order.id);
    return { ...answer, paymentState: from, changed: false };
  }
  if (!canMovePayment(from, to))
    throw conflict({
      en: `The payment of order ${order.orderNumber} cannot move from ${from} to ${to}.`,
      cs: `Platba objednávky ${order.orderNumber} nemůže přejít ze stavu ${from} do stavu ${to}.`,
    });
  const moved = await movePayment(call.app, call.viewer, order, to);
  if (!moved)
    throw conflict({
      en: `The payment of order ${order.orderNumber} changed meanwhile; refresh again.`,
      cs: `Platba objednávky ${order.orderNumber} se mezitím změnila; obnovte ji znovu.`,
    });
  if (to === 'paid') await ticketServicesOf(call.app).fulfil(moved);
  return { ...answer, paymentState: to, changed: true };
}
