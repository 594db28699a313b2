import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Right, canAnywhere, projectsWith } from '../../../domain/rights';
import {
  AccountingQuerySchema,
  AccountingWhereSchema,
  SalesAnswerSchema,
  TransactionAnswerSchema,
  type AccountingWhere,
} from '../../../domain/schemas/accounting';
import { ErrorSchema } from '../../../domain/schemas/common';
import type { Viewer } from '../../../domain/schemas/user';
import type { AppContext } from '../../appContext';
import { badRequest, forbidden } from '../../http/errors';
import { checkBody } from '../../http/validation';
import { accountingRepository } from '../../repositories/accountingRepository';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/** The accounting `where`, checked against its own schema (real dates the database can compare, a UUID). */
function parseWhere(text: string): AccountingWhere {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('where is not JSON.', [{ path: 'where', message: 'is not JSON' }]);
  }
  const problems = checkBody(AccountingWhereSchema, value);
  if (problems)
    throw badRequest(
      'The accounting query needs {eshopId?, from, to}.',
      problems.map((problem) => ({ ...problem, path: problem.path ? `where.${problem.path}` : 'where' })),
    );
  return value as AccountingWhere;
}

/** Spec section 6: ticket accounting is for admins and TICKET_ACCOUNTING, over the projects where it is held. */
function accountingProjects(viewer: Viewer): 'all' | string[] {
  if (!canAnywhere(viewer, Right.TICKET_ACCOUNTING))
    throw forbidden('Accounting needs the TICKET_ACCOUNTING right.');
  return viewer.isAdmin ? 'all' : projectsWith(viewer, Right.TICKET_ACCOUNTING);
}

/** GET /v1/sale (Sales tab) and GET /v1/transaction (Transactions tab): paid items of a period. */
export function accountingRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    routes.get(
      '/v1/sale',
      {
        schema: {
          tags: ['accounting'],
          querystring: AccountingQuerySchema,
          response: { 200: SalesAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const projects = accountingProjects(request.viewer);
        const data = await accountingRepository.sales(context.db, parseWhere(request.query.where), projects);
        return { data, totalCount: data.length };
      },
    );
    routes.get(
      '/v1/transaction',
      {
        schema: {
          tags: ['accounting'],
          querystring: AccountingQuerySchema,
          response: { 200: TransactionAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const projects = accountingProjects(request.viewer);
        const page = request.query.page ?? 1;
        const limit = request.query.limit ?? 1000;
        const { rows, totalCount } = await accountingRepository.transactions(
          context.db,
          parseWhere(request.query.where),
          projects,
          { limit, offset: (page - 1) * limit, withCount: request.query.count !== false },
        );
        return { data: rows, totalCount, page, limit };
      },
    );
  };
}
