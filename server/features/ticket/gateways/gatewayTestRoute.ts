import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../../domain/schemas/common';
import { GatewayTestAnswerSchema } from '../../../../domain/schemas/paymentGateway';
import type { AppContext } from '../../../kernel/appContext';
import type { EshopRow } from '../../../kernel/db/tables';
import { readableRow } from '../../../kernel/engine/crudService';
import { IdParamsSchema } from '../../../kernel/engine/listSchemas';
import { HttpError } from '../../../kernel/http/errors';
import { eshopDefinition } from '../eshopResource';
import { ticketServicesOf } from '../ticketServices';

/**
 * "Test connection" of an e-shop's saved gateway settings (administrators, who alone set them): the gateway is
 * reached with them and the answer says what it learnt or why it failed, never a secret.
 */
export function gatewayTestRoute(context: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/eshop/:id/testPaymentGateway',
      {
        schema: {
          operationId: 'testEshopPaymentGateway',
          tags: ['eshop'],
          summary: "Reaches the e-shop's payment gateway with its saved settings",
          params: IdParamsSchema,
          response: { 200: GatewayTestAnswerSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request) => {
        const call = { app: context, viewer: request.viewer };
        const eshop = (await readableRow(eshopDefinition, call, request.params.id)) as EshopRow;
        if (!request.viewer.isAdmin)
          throw new HttpError(403, {
            en: "Only administrators test an e-shop's payment gateway.",
            cs: 'Platební bránu e-shopu testují jen administrátoři.',
          });
        const { test } = ticketServicesOf(context).gateway;
        if (!test)
          return {
            kind: 'simulated' as const,
            ok: false,
            message: 'The checkout is not running on this server.',
          };
        return test(eshop);
      },
    );
  };
}
