import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AccountingQuerySchema,
  RefundTransactionAnswerSchema,
  SalesAnswerSchema,
  TransactionAnswerSchema,
} from '../../../domain/schemas/accounting';
import { ErrorSchema } from '../../../domain/schemas/common';
import type { AppContext } from '../../kernel/appContext';
import type { CallContext } from '../../kernel/engine/resourceDefinition';
import { refundTransactionsOf, salesOf, transactionsOf } from './accountingService';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/**
 * GET /v1/sale (Sales tab, with the sales' refunds), GET /v1/transaction (Transactions tab): paid items of a period;
 * GET /v1/refundTransaction (Refunds tab): its refunds.
 */
export function accountingRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const call = (request: FastifyRequest): CallContext => ({ app: context, viewer: request.viewer });
    routes.get(
      '/v1/sale',
      {
        schema: {
          operationId: 'listSales',
          summary: 'List the sales of a period',
          tags: ['accounting'],
          querystring: AccountingQuerySchema,
          response: { 200: SalesAnswerSchema, ...errors },
        },
      },
      (request) => salesOf(call(request), request.query.where),
    );
    routes.get(
      '/v1/transaction',
      {
        schema: {
          operationId: 'listTransactions',
          summary: 'List the payments of a period',
          tags: ['accounting'],
          querystring: AccountingQuerySchema,
          response: { 200: TransactionAnswerSchema, ...errors },
        },
      },
      (request) =>
        transactionsOf(call(request), request.query.where, {
          page: request.query.page ?? 1,
          limit: request.query.limit ?? 1000,
          count: request.query.count !== false,
        }),
    );
    routes.get(
      '/v1/refundTransaction',
      {
        schema: {
          operationId: 'listRefundTransactions',
          summary: 'List the refunds of a period',
          tags: ['accounting'],
          description:
            'The refunds of a period, by the time their gateway confirmed them, oldest first: money out, each ' +
            'amount negative; a late payment (paid after its order timed out, never a sale) is marked latePayment.',
          querystring: AccountingQuerySchema,
          response: { 200: RefundTransactionAnswerSchema, ...errors },
        },
      },
      (request) =>
        refundTransactionsOf(call(request), request.query.where, {
          page: request.query.page ?? 1,
          limit: request.query.limit ?? 1000,
          count: request.query.count !== false,
        }),
    );
  };
}
