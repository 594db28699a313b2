import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../kernel/appContext';
import { walletWebService, type DeviceRequest } from './walletWebService';
import {
  DeviceParamsSchema,
  Empty,
  RegisterBodySchema,
  RegistrationParamsSchema,
  SerialsQuerySchema,
  SerialsSchema,
  walletErrors,
} from './walletSchemas';

/** The parts of a device's request the rules read. */
export const deviceRequest = (request: FastifyRequest): DeviceRequest => ({
  authorization: request.headers.authorization,
  userAgent: request.headers['user-agent'],
});

/** Register and unregister a device for a pass; the passes of a type a device holds that changed since a tag. */
export function registrationRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const path = '/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber';

    routes.post(
      path,
      {
        schema: {
          operationId: 'registerWalletDevice',
          summary: 'Register a device for a pass (Apple Wallet)',
          tags: ['wallet'],
          description:
            'Registers a device to receive push notifications for a pass (Authorization: ApplePass <token>).',
          params: RegistrationParamsSchema,
          body: RegisterBodySchema,
          response: { 200: Empty, 201: Empty, ...walletErrors },
        },
      },
      async (request, reply) => {
        const { deviceLibraryIdentifier, ...address } = request.params;
        const outcome = await walletWebService.register(
          context,
          deviceLibraryIdentifier,
          address,
          request.body.pushToken,
          deviceRequest(request),
        );
        return reply.status(outcome === 'created' ? 201 : 200).send(null);
      },
    );

    routes.delete(
      path,
      {
        schema: {
          operationId: 'unregisterWalletDevice',
          summary: 'Unregister a device for a pass (Apple Wallet)',
          tags: ['wallet'],
          description: 'Unregisters a device for a pass (Authorization: ApplePass <token>).',
          params: RegistrationParamsSchema,
          response: { 200: Empty, ...walletErrors },
        },
      },
      async (request, reply) => {
        const { deviceLibraryIdentifier, ...address } = request.params;
        await walletWebService.unregister(context, deviceLibraryIdentifier, address, deviceRequest(request));
        return reply.status(200).send(null);
      },
    );

    routes.get(
      '/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
      {
        schema: {
          operationId: 'listWalletDevicePasses',
          summary: 'List the changed passes of a device (Apple Wallet)',
          tags: ['wallet'],
          description:
            'The serial numbers of the passes of the type registered on the device that changed since passesUpdatedSince (all without it); 204 when none.',
          params: DeviceParamsSchema,
          querystring: SerialsQuerySchema,
          response: { 200: SerialsSchema, 204: Empty, ...walletErrors },
        },
      },
      async (request, reply) => {
        const { serialNumbers, lastUpdated } = await walletWebService.serialsUpdatedSince(
          context,
          request.params.deviceLibraryIdentifier,
          request.params.passTypeIdentifier,
          request.query.passesUpdatedSince,
        );
        if (lastUpdated === null) return reply.status(204).send(null);
        return reply.header('cache-control', 'no-store').send({ serialNumbers, lastUpdated });
      },
    );
  };
}
