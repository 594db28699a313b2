import type { Order, PaymentState } from '../../../../domain/schemas/order';
import type { CancelAnswer, CancelRequest } from '../../../../domain/schemas/refund';
import { isFinalPaymentState } from '../../../../domain/ticket/paymentStates';
import type { OrderRow } from '../../../kernel/db/tables';
import { entityOf } from '../../../kernel/engine/crudService';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { HttpError, badField, conflict } from '../../../kernel/http/errors';
import { orderRepository } from '../orderRepository';
import { orderDefinition } from '../orderResource';
import { ticketServicesOf } from '../ticketServices';
import { refundOrder } from './refundRequest';
import { refundableOrder } from './refundRights';

const orderEntity = (call: CallContext, order: OrderRow): Order =>
  entityOf(orderDefinition, call.app.config, order);

/**
 * Closes an unpaid order's payment at its gateway, then moves the payment to canceled, under the viewer. The gateway
 * may say the customer paid meanwhile: the order is then fulfilled as any paid one (numbers, passes, e-mail), and the
 * answer says so. A gateway that cannot be reached changes nothing (502).
 */
async function cancelUnpaid(call: CallContext, order: OrderRow): Promise<CancelAnswer> {
  const services = ticketServicesOf(call.app);
  const { gateway } = services;
  let told: PaymentState;
  try {
    told = (await (gateway.expire ? gateway.expire(order) : gateway.status(order))).paymentState;
  } catch {
    throw new HttpError(
      502,
      `The payment gateway could not be reached to close the payment of order ${order.orderNumber}; nothing was changed, try again in a moment.`,
    );
  }
  const to: PaymentState = told === 'paid' ? 'paid' : 'canceled';
  const moved =
    (await services.movePayment(call.viewer, order, to)) ??
    // another move came first: what it left
    (await orderRepository.findLive(call.app.db, order.id));
  if (!moved) throw conflict(`Order ${order.orderNumber} was deleted meanwhile.`);
  if (moved.paymentState === 'paid')
    return {
      outcome: 'fulfilled',
      message: `The customer paid order ${order.orderNumber} meanwhile: it was fulfilled, not canceled. Refund it to cancel it.`,
      order: orderEntity(call, moved),
      refund: null,
    };
  if (moved.paymentState !== 'canceled')
    throw conflict(
      `The payment of order ${order.orderNumber} changed meanwhile (now ${moved.paymentState}).`,
    );
  return {
    outcome: 'canceled',
    message: `Order ${order.orderNumber} was canceled: its payment is closed.`,
    order: orderEntity(call, moved),
    refund: null,
  };
}

/**
 * Cancels an order (POST /v1/order/{id}/cancel): an unpaid one (pending, or unknown to its gateway) is closed and
 * canceled (cancelUnpaid); a paid one is refunded whole (refundOrder, with the reason); one canceled, timed out or
 * declined already is 409.
 *
 * @example const answer = await cancelOrder(call, orderId, { reason: 'The customer asked' })
 */
export async function cancelOrder(
  call: CallContext,
  orderId: string,
  body: CancelRequest,
): Promise<CancelAnswer> {
  const order = await refundableOrder(call, orderId);
  const reason = body.reason.trim();
  if (!reason)
    throw badField('/reason', {
      en: 'Say why the order is canceled.',
      cs: 'Uveďte, proč se objednávka ruší.',
    });
  const state = order.paymentState as PaymentState;
  if (state === 'paid') {
    const refund = await refundOrder(call, orderId, { reason });
    const now = (await orderRepository.findLive(call.app.db, orderId)) ?? order;
    return {
      outcome: 'refunded',
      message:
        refund.state === 'failed'
          ? `The refund of order ${order.orderNumber} failed: ${refund.failureReason ?? ''}`
          : `Order ${order.orderNumber} is refunded whole (${refund.state}); its tickets are voided.`,
      order: orderEntity(call, now),
      refund,
    };
  }
  if (isFinalPaymentState(state))
    throw conflict({
      en: `Order ${order.orderNumber} is ${state} already: there is nothing to cancel.`,
      cs: `Objednávka ${order.orderNumber} je už ve stavu ${state}: není co rušit.`,
    });
  return cancelUnpaid(call, order);
}
