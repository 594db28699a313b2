import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { PaymentState } from '../../../../../domain/schemas/order';
import { Uuid } from '../../../../../domain/schemas/common';
import type { Db } from '../../../../kernel/db/database';
import type { OrderRow } from '../../../../kernel/db/tables';
import { HttpError } from '../../../../kernel/http/errors';
import { GatewayError } from '../checkoutGateway';
import { checkoutRepository } from '../../checkout/checkoutRepository';

export interface GopayNotificationDependencies {
  db: Db;
  /** asks the order's gateway for its payment's state and applies it (checkoutService.applyPaymentResult) */
  applyPaymentResult: (order: OrderRow) => Promise<{ paymentState: PaymentState }>;
}

const NotificationParamsSchema = Type.Object({ eshopId: Uuid() });
const NotificationQuerySchema = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,19}$', description: "GoPay's payment id" }),
});
const ReceivedSchema = Type.Object({ received: Type.Literal(true) });

/**
 * GoPay's notification of a payment's change, `GET …/eshop/{eshopId}/gateway/gopay?id={paymentId}`, added to the
 * public checkout (rate-limited with it). GoPay does not sign it, so it says nothing by itself: it only makes the
 * checkout read the payment back from GoPay and apply that state. 200 whenever GoPay need not repeat it (a payment
 * no order of the e-shop holds, a move the order no longer takes: both logged); 503 while GoPay cannot be asked,
 * so that GoPay repeats it (the paymentCheck job asks as well).
 *
 * @example gopayNotificationRoute(app, { db: context.db, applyPaymentResult: service.applyPaymentResult })
 */
export function gopayNotificationRoute(app: FastifyInstance, deps: GopayNotificationDependencies): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/eshop/:eshopId/gateway/gopay',
    {
      schema: {
        operationId: 'receiveGopayNotification',
        summary: "Receive GoPay's payment notification",
        tags: ['checkout'],
        security: [],
        description:
          "GoPay's notification URL of the e-shop: the payment's state is read back from GoPay and applied to its " +
          'order (a paid order gets its numbers, passes and email once). 200 also for a payment the e-shop does ' +
          'not know; 503 while GoPay cannot be reached, so that it notifies again.',
        params: NotificationParamsSchema,
        querystring: NotificationQuerySchema,
        response: { 200: ReceivedSchema },
      },
    },
    async (request) => {
      const { eshopId } = request.params;
      const paymentId = request.query.id;
      const found = await checkoutRepository.findOrderByPaymentId(deps.db, paymentId);
      // only the e-shop's order whose payment GoPay holds
      const order = found?.eshopId === eshopId && found.paymentGateway === 'gopay' ? found : undefined;
      if (!order) {
        request.log.warn(
          `gopay: a notification of payment ${paymentId}, which no order of e-shop ${eshopId} holds; ignored`,
        );
        return { received: true as const };
      }
      try {
        await deps.applyPaymentResult(order);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 409) {
          request.log.warn(`gopay: the notification of payment ${paymentId} moved nothing: ${error.message}`);
          return { received: true as const };
        }
        if (!(error instanceof GatewayError)) throw error;
        request.log.error(
          `gopay: the payment ${paymentId} of order ${order.orderNumber} could not be read back: ${error.message}`,
        );
        throw new HttpError(
          503,
          {
            en: 'GoPay could not be asked about the payment now; notify again later.',
            cs: 'GoPay se teď nelze na platbu zeptat; pošlete oznámení později znovu.',
          },
          undefined,
          { 'retry-after': '60' },
        );
      }
      return { received: true as const };
    },
  );
}
