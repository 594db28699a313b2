import type { PaymentState, PaymentStateAnswer } from '../../../domain/schemas/order';
import { canMovePayment } from '../../../domain/ticket/paymentStates';
import { conflict } from '../../kernel/http/errors';
import { orderRepository } from './orderRepository';
import type { CallContext } from '../../kernel/engine/resourceDefinition';
import type { OrderRow } from '../../kernel/db/tables';
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
    throw conflict({
      en: `The payment of order ${order.orderNumber} cannot move from ${from} to ${to}.`,
      cs: `Platba objednávky ${order.orderNumber} nemůže přejít ze stavu ${from} do stavu ${to}.`,
    });
  // to paid: fulfilled in the move's transaction (the checkout's), undone together when the fulfilment fails
  const moved = await ticketServicesOf(call.app).movePayment(call.viewer, order, to);
  if (!moved)
    throw conflict({
      en: `The payment of order ${order.orderNumber} changed meanwhile; refresh again.`,
      cs: `Platba objednávky ${order.orderNumber} se mezitím změnila; obnovte ji znovu.`,
    });
  return { ...answer, paymentState: to, changed: true };
}
