import { Type, type Static } from '@sinclair/typebox';

/** The gateways an e-shop can sell through; simulated is the stand-in bank of a fresh install and demos. */
export const PAYMENT_GATEWAY_KINDS = ['simulated', 'stripe', 'gopay'] as const;
export type PaymentGatewayKind = (typeof PAYMENT_GATEWAY_KINDS)[number];

/** The secrets of each gateway: written through the API, sealed at rest, never answered (only whether each is set). */
export const GATEWAY_SECRETS = {
  simulated: [],
  stripe: ['secretKey', 'webhookSecret'],
  gopay: ['clientSecret'],
} as const satisfies Record<PaymentGatewayKind, readonly string[]>;
export type GatewaySecretName = (typeof GATEWAY_SECRETS)[PaymentGatewayKind][number];

/** Where tests point a gateway at a stand-in; left out, the provider's production or sandbox address (`test`). */
const ApiBase = Type.String({ maxLength: 500, pattern: '^https?://[^\\s]+$' });
const Secret = Type.String({ minLength: 1, maxLength: 500, pattern: '^\\S+$' });
/** the provider's sandbox instead of its production */
const TestFlag = Type.Boolean();

const Simulated = Type.Object({ kind: Type.Literal('simulated') }, { additionalProperties: false });

/**
 * An e-shop's gateway as written (PUT and PATCH of the e-shop): a secret left out keeps the stored one while the
 * kind stays the same.
 */
export const PaymentGatewayWriteSchema = Type.Union([
  Simulated,
  Type.Object(
    {
      kind: Type.Literal('stripe'),
      test: Type.Optional(TestFlag),
      apiBase: Type.Optional(ApiBase),
      secretKey: Type.Optional(Secret),
      webhookSecret: Type.Optional(Secret),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('gopay'),
      test: Type.Optional(TestFlag),
      apiBase: Type.Optional(ApiBase),
      goid: Type.String({ pattern: '^[0-9]{1,20}$' }),
      clientId: Type.String({ minLength: 1, maxLength: 200 }),
      clientSecret: Type.Optional(Secret),
    },
    { additionalProperties: false },
  ),
]);
export type PaymentGatewayWrite = Static<typeof PaymentGatewayWriteSchema>;

/** An e-shop's gateway as answered: its settings, and of each secret only whether it is set. */
export const PaymentGatewaySchema = Type.Union([
  Simulated,
  Type.Object({
    kind: Type.Literal('stripe'),
    test: TestFlag,
    apiBase: Type.Optional(ApiBase),
    secretKeySet: Type.Boolean(),
    webhookSecretSet: Type.Boolean(),
  }),
  Type.Object({
    kind: Type.Literal('gopay'),
    test: TestFlag,
    apiBase: Type.Optional(ApiBase),
    goid: Type.String(),
    clientId: Type.String(),
    clientSecretSet: Type.Boolean(),
  }),
]);
export type PaymentGatewayAnswer = Static<typeof PaymentGatewaySchema>;

/** What the e-shop row stores in the clear: the settings without the secrets. */
export interface StoredGatewaySettings {
  kind: PaymentGatewayKind;
  test?: boolean;
  apiBase?: string;
  goid?: string;
  clientId?: string;
}

export const SIMULATED_GATEWAY: StoredGatewaySettings = { kind: 'simulated' };

/** The answer of POST /v1/eshop/{id}/testPaymentGateway. */
export const GatewayTestAnswerSchema = Type.Object({
  kind: Type.Union(PAYMENT_GATEWAY_KINDS.map((kind) => Type.Literal(kind))),
  ok: Type.Boolean(),
  message: Type.String(),
});
export type GatewayTestAnswer = Static<typeof GatewayTestAnswerSchema>;
