import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorSchema } from '../../../../domain/schemas/common';
import {
  EntryAnswerSchema,
  EntryRequestSchema,
  GateEshopsSchema,
  OfflineListQuerySchema,
  OfflineListSchema,
  SyncAnswerSchema,
  SyncRequestSchema,
} from '../../../../domain/schemas/ticketEntry';
import type { AppContext } from '../../../kernel/appContext';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { gateEshops, offlineList, scanTicket, syncEntries } from './entryService';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const tags = ['ticketEntry'];

/** The gate (admins and TICKET_ENTRY holders): a scan, the e-shops it may check, the offline list of an e-shop, and the sync of queued scans. */
export function entryRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const call = (request: FastifyRequest): CallContext => ({ app: context, viewer: request.viewer });

    routes.post(
      '/v1/entry',
      {
        schema: {
          operationId: 'scanTicket',
          summary: 'Scan a ticket at the gate',
          tags,
          body: EntryRequestSchema,
          response: { 200: EntryAnswerSchema, ...errors },
        },
      },
      (request) => scanTicket(call(request), request.body),
    );

    routes.get(
      '/v1/entry/eshop',
      {
        schema: {
          operationId: 'listGateEshops',
          summary: 'List the e-shops the gate may check',
          tags,
          response: { 200: GateEshopsSchema, ...errors },
        },
      },
      (request) => gateEshops(call(request)),
    );

    routes.get(
      '/v1/entry/offline',
      {
        schema: {
          operationId: 'getOfflineTicketList',
          summary: "Get an e-shop's tickets for offline checks",
          tags,
          querystring: OfflineListQuerySchema,
          response: { 200: OfflineListSchema, ...errors },
        },
      },
      (request) => offlineList(call(request), request.query.eshopId),
    );

    routes.post(
      '/v1/entry/sync',
      {
        schema: {
          operationId: 'syncTicketEntries',
          summary: 'Send the scans made offline',
          tags,
          body: SyncRequestSchema,
          response: { 200: SyncAnswerSchema, ...errors },
        },
      },
      (request) => syncEntries(call(request), request.body),
    );
  };
}
