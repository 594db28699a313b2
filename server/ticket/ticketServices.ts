import type { AppContext } from '../appContext';
import type { OrderRow } from '../db/tables';
import { unavailableMailer, type OrderMailer } from './orderMailer';
import { storedStateGateway, type PaymentGateway } from './paymentGateway';

export interface TicketServices {
  gateway: PaymentGateway;
  mailer: OrderMailer;
  /** what follows a payment: numbers, passes, email (the checkout's); called once, by whoever moved it to paid */
  fulfil: (order: OrderRow) => Promise<void>;
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
      fulfil: async () => {},
    }
  );
}
