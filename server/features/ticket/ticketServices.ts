import type { AppContext } from '../../kernel/appContext';
import type { PaymentState } from '../../../domain/schemas/order';
import type { OrderRow } from '../../kernel/db/tables';
import type { AuditActor } from '../../kernel/engine/auditTrail';
import { movePayment } from './orderTrail';
import { unavailableMailer, type OrderMailer } from './orderMailer';
import { storedStateGateway, type PaymentGateway } from './paymentGateway';

export interface TicketServices {
  gateway: PaymentGateway;
  mailer: OrderMailer;
  /**
   * Moves the order's payment to `to` if it is still the order's (compare and set), under the actor; a move to paid
   * brings what follows a payment (the checkout's: numbers, passes, email) in the same transaction. Undefined when
   * another move came first.
   */
  movePayment: (actor: AuditActor, order: OrderRow, to: PaymentState) => Promise<OrderRow | undefined>;
}

const servicesOf = new WeakMap<AppContext, TicketServices>();

/**
 * The payment gateway and order mailer of an app (one per context, so tests can give each app its own).
 *
 * @example setTicketServices(context, { gateway: simulatedGateway(context), mailer: orderMailer(context) })
 */
export function setTicketServices(context: AppContext, services: Partial<TicketServices>): void {
  servicesOf.set(context, { ...ticketServicesOf(context), ...services });
}

export function ticketServicesOf(context: AppContext): TicketServices {
  return (
    servicesOf.get(context) ?? {
      gateway: storedStateGateway,
      mailer: unavailableMailer,
      movePayment: (actor, order, to) => movePayment(context, actor, order, to),
    }
  );
}
