import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorSchema } from '../../../../domain/schemas/common';
import {
  CancelAnswerSchema,
  CancelRequestSchema,
  RefundRequestSchema,
  RefundSchema,
} from '../../../../domain/schemas/refund';
import type { AppContext } from '../../../kernel/appContext';
import { readableRow } from '../../../kernel/engine/crudService';
import { IdParamsSchema } from '../../../kernel/engine/listSchemas';
import { attachment } from '../../../kernel/http/attachment';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { cancelOrder } from './orderCancel';
import { refundCreditNote } from './refundCreditNote';
import { handleRefundJobs } from './refundJobHandlers';
import { refundOrder } from './refundRequest';
import { refundDefinition } from './refundResource';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const tags = ['order'];

/**
 * The order's refund and cancellation (issue 27), for TICKET_ACCOUNTING on the order's project; the queue's refund
 * jobs (the gateway asked again, the customer's e-mail) are handled from here.
 */
export function refundRoutes(context: AppContext) {
  handleRefundJobs(context);
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const call = (request: FastifyRequest): CallContext => ({ app: context, viewer: request.viewer });

    routes.post(
      '/v1/order/:id/refund',
      {
        schema: {
          operationId: 'refundOrder',
          tags,
          summary: 'Refunds a paid order, whole or in part',
          description:
            'Gives money back through the gateway that took it: the whole order left to refund by default, some ' +
            'of its issued items (their prices; their tickets are voided and their passes updated in wallets), or ' +
            'an amount (in the API price units, two decimals). A late payment (paid after the order timed out) is ' +
            'refunded whole. 409 for an order not paid; 400 for more than is left (the answer says how much is). ' +
            'Answers the refund: succeeded (with its credit note), failed with the gateway reason, or requested ' +
            '(the gateway is asked again). 502 when the gateway cannot be reached: the refund stays requested and ' +
            'is asked again with the same id.',
          params: IdParamsSchema,
          body: RefundRequestSchema,
          response: { 201: RefundSchema, 502: ErrorSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await refundOrder(call(request), request.params.id, request.body)),
    );

    routes.post(
      '/v1/order/:id/cancel',
      {
        schema: {
          operationId: 'cancelOrder',
          tags,
          summary: 'Cancels an order',
          description:
            'An unpaid order: its payment is closed at the gateway and canceled (if the gateway says it was paid ' +
            'meanwhile, the order is fulfilled instead and the answer says so). A paid order: refunded whole. An ' +
            'order canceled, timed out or declined already: 409.',
          params: IdParamsSchema,
          body: CancelRequestSchema,
          response: { 200: CancelAnswerSchema, 502: ErrorSchema, ...errors },
        },
      },
      (request) => cancelOrder(call(request), request.params.id, request.body),
    );

    routes.get(
      '/v1/refund/:id/creditNote',
      {
        schema: {
          operationId: 'getRefundCreditNote',
          tags: ['refund'],
          summary: "A refund's credit note (PDF)",
          description:
            'The credit note (opravný daňový doklad) of a succeeded refund of a paid order, for whoever may read ' +
            'the refund; 409 for a refund without one (not succeeded, or of a late payment, which had no invoice).',
          params: IdParamsSchema,
          produces: ['application/pdf'],
          response: { 200: Type.Any(), ...errors },
        },
      },
      async (request, reply) => {
        const refund = await readableRow(refundDefinition, call(request), request.params.id);
        const { fileName, pdf } = await refundCreditNote(context.db, refund);
        return reply
          .type('application/pdf')
          .header('content-disposition', attachment(fileName).replace(/^attachment/, 'inline'))
          .send(pdf);
      },
    );
  };
}
