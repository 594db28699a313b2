import { Type, type Static } from '@sinclair/typebox';
import { ErrorSchema } from '../../../../domain/schemas/common';
import { WALLET_LOG_LIMITS } from './walletWebService';

/** Apple's device library identifiers are opaque, short and URL-safe. */
const DeviceLibraryIdentifier = Type.String({ pattern: '^[A-Za-z0-9._-]{1,128}$' });
/** e.g. pass.com.example.member */
const PassTypeIdentifier = Type.String({ pattern: '^[A-Za-z0-9._-]{1,255}$' });
/** Our serial numbers are pass ids. */
const SerialNumber = Type.String({ format: 'uuid' });

export const DeviceParamsSchema = Type.Object({
  deviceLibraryIdentifier: DeviceLibraryIdentifier,
  passTypeIdentifier: PassTypeIdentifier,
});

export const RegistrationParamsSchema = Type.Object({
  deviceLibraryIdentifier: DeviceLibraryIdentifier,
  passTypeIdentifier: PassTypeIdentifier,
  serialNumber: SerialNumber,
});

export const PassParamsSchema = Type.Object({
  passTypeIdentifier: PassTypeIdentifier,
  serialNumber: SerialNumber,
});

export const RegisterBodySchema = Type.Object({
  /** APNs device tokens are hexadecimal */
  pushToken: Type.String({ pattern: '^[0-9A-Fa-f]{8,512}$' }),
});

export const SerialsQuerySchema = Type.Object({
  passesUpdatedSince: Type.Optional(
    Type.String({ pattern: '^[0-9]{0,18}$', description: 'lastUpdated of a previous answer' }),
  ),
});

export const SerialsSchema = Type.Object({
  serialNumbers: Type.Array(Type.String()),
  /** microseconds since 1970 of the newest update among them: the next request's passesUpdatedSince */
  lastUpdated: Type.String(),
});

export const LogBodySchema = Type.Object({
  logs: Type.Array(Type.String(), { maxItems: WALLET_LOG_LIMITS.messages }),
});

export type RegistrationParams = Static<typeof RegistrationParamsSchema>;

export const walletErrors = {
  400: ErrorSchema,
  401: ErrorSchema,
  404: ErrorSchema,
  429: ErrorSchema,
};

/** Apple's success answers carry nothing (204 and 304 go without a body; 200 and 201 say null). */
export const Empty = Type.Null();
