import type { PaymentState, PaymentStateAnswer } from '../../domain/schemas/order';
import { canMovePayment } from '../../domain/ticket/paymentStates';
import { conflict } from '../http/errors';
import { orderRepository } from '../repositories/orderRepository';
import type { CallContext } from '../engine/resourceDefinition';
import type { OrderRow } from '../db/tables';
import { ticketServicesOf } from './ticketServices';

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
    throw conflict(`The payment of order ${order.orderNumber} cannot move from ${from} to ${to}.`);
  const moved = await orderRepository.movePaymentState(call.app.db, order.id, from, to);
  if (!moved) throw conflict(`The payment of order ${order.orderNumber} changed meanwhile; refresh again.`);
  if (to === 'paid') await ticketServicesOf(call.app).fulfil(moved);
  return { ...answer, paymentState: to, changed: true };
}
