import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorSchema } from '../../../domain/schemas/common';
import { PaymentStateAnswerSchema } from '../../../domain/schemas/order';
import type { AppContext } from '../../kernel/appContext';
import { IdParamsSchema } from '../../kernel/engine/listSchemas';
import type { CallContext } from '../../kernel/engine/resourceDefinition';
import { attachment } from '../../kernel/http/attachment';
import { orderInvoice, refreshOrderPaymentState, resendOrderMail } from './orderActionService';

const errors = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const tags = ['order'];

/** Order actions of spec section 7: invoice, resend mail, refresh payment state. */
export function orderActionRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const call = (request: FastifyRequest): CallContext => ({ app: context, viewer: request.viewer });

    routes.get(
      '/v1/order/:id/invoice',
      {
        schema: {
          operationId: 'getOrderInvoice',
          summary: "Download an order's invoice",
          tags,
          params: IdParamsSchema,
          produces: ['application/pdf'],
          response: { 200: Type.Any(), ...errors },
        },
      },
      async (request, reply) => {
        const { fileName, pdf } = await orderInvoice(call(request), request.params.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', attachment(fileName).replace(/^attachment/, 'inline'))
          .send(pdf);
      },
    );

    routes.get(
      '/v1/order/:id/sendMail',
      {
        schema: {
          operationId: 'resendOrderMail',
          summary: "Send an order's email again",
          tags,
          params: IdParamsSchema,
          response: { 200: Type.Object({ sent: Type.Boolean() }), 503: ErrorSchema, ...errors },
        },
      },
      async (request) => {
        await resendOrderMail(call(request), request.params.id);
        return { sent: true };
      },
    );

    routes.post(
      '/v1/order/:id/updatePaymentState',
      {
        schema: {
          operationId: 'updateOrderPaymentState',
          summary: "Refresh an order's payment state",
          tags,
          params: IdParamsSchema,
          response: { 200: PaymentStateAnswerSchema, ...errors },
        },
      },
      (request) => refreshOrderPaymentState(call(request), request.params.id),
    );
  };
}
