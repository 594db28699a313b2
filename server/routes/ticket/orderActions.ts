import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorSchema } from '../../../domain/schemas/common';
import { PaymentStateAnswerSchema } from '../../../domain/schemas/order';
import type { AppContext } from '../../appContext';
import { readableRow } from '../../engine/crudService';
import { IdParamsSchema } from '../../engine/listSchemas';
import type { CallContext } from '../../engine/resourceDefinition';
import { attachment } from '../../http/attachment';
import { conflict, notFound } from '../../http/errors';
import { eshopRepository } from '../../repositories/eshopRepository';
import { orderItemRepository } from '../../repositories/orderItemRepository';
import { orderRepository } from '../../repositories/orderRepository';
import { orderDefinition } from '../../resources/order';
import { invoicePdf } from '../../ticket/invoice';
import { refreshPaymentState } from '../../ticket/paymentStateService';
import { ticketServicesOf } from '../../ticket/ticketServices';

const errors = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const tags = ['order'];

/** The readable order (404 for another project's, as for a missing one), as its row. */
async function readableOrder(call: CallContext, id: string) {
  await readableRow(orderDefinition, call, id);
  const order = await orderRepository.findLive(call.app.db, id);
  if (!order) throw notFound('Order');
  return order;
}

function mustBePaid(order: { paymentState: string; orderNumber: string }, what: string): void {
  if (order.paymentState !== 'paid')
    throw conflict(`${what} only for a paid order; order ${order.orderNumber} is ${order.paymentState}.`);
}

/** Order actions of spec section 7: invoice, resend mail, refresh payment state. */
export function orderActionRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const call = (request: FastifyRequest): CallContext => ({ app: context, viewer: request.viewer });

    routes.get(
      '/v1/order/:id/invoice',
      {
        schema: {
          tags,
          params: IdParamsSchema,
          produces: ['application/pdf'],
          response: { 200: Type.Any(), ...errors },
        },
      },
      async (request, reply) => {
        const order = await readableOrder(call(request), request.params.id);
        mustBePaid(order, 'An invoice exists');
        const eshop = await eshopRepository.findLive(context.db, order.eshopId);
        if (!eshop) throw notFound('E-shop');
        const items = await orderItemRepository.liveOfOrder(context.db, order.id);
        const pdf = await invoicePdf(eshop, order, items);
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            attachment(`invoice-${order.orderNumber}.pdf`).replace(/^attachment/, 'inline'),
          )
          .send(pdf);
      },
    );

    routes.get(
      '/v1/order/:id/sendMail',
      {
        schema: {
          tags,
          params: IdParamsSchema,
          response: { 200: Type.Object({ sent: Type.Boolean() }), 503: ErrorSchema, ...errors },
        },
      },
      async (request) => {
        const order = await readableOrder(call(request), request.params.id);
        mustBePaid(order, 'The order email is sent');
        await ticketServicesOf(context).mailer.sendOrderMail(order);
        return { sent: true };
      },
    );

    routes.post(
      '/v1/order/:id/updatePaymentState',
      { schema: { tags, params: IdParamsSchema, response: { 200: PaymentStateAnswerSchema, ...errors } } },
      async (request) => {
        const order = await readableOrder(call(request), request.params.id);
        return refreshPaymentState(call(request), order);
      },
    );
  };
}
