import { Type, type Static } from '@sinclair/typebox';
import { JsonObject, Uuid } from '../../../../domain/schemas/common';
import { LocaleCode } from '../../../../domain/schemas/eshop';
import { SIMULATED_OUTCOMES } from './simulatedGateway';

/** A VAT ID: the country's two letters and 2 to 13 letters and digits (CZ12345678), or nothing. */
export const VAT_ID_PATTERN = '^([A-Za-z]{2}[0-9A-Za-z]{2,13})?$';

export const CheckoutOrderBodySchema = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    locale: LocaleCode,
    items: Type.Array(
      Type.Object(
        {
          productId: Uuid(),
          count: Type.Integer({ minimum: 1, maximum: 1000 }),
          /** the customer's answers for the items (name on the ticket, …) */
          data: Type.Optional(JsonObject),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
    /** for the invoice: the buyer's company and VAT ID, when the buyer buys for one */
    buyer: Type.Optional(
      Type.Object(
        {
          company: Type.Optional(Type.String({ maxLength: 200 })),
          vatId: Type.Optional(Type.String({ maxLength: 20, pattern: VAT_ID_PATTERN })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CheckoutOrderBody = Static<typeof CheckoutOrderBodySchema>;

export const EshopParamsSchema = Type.Object({ eshopId: Uuid() });
export const OrderParamsSchema = Type.Object({ eshopId: Uuid(), orderId: Uuid() });
export const RefundParamsSchema = Type.Object({ eshopId: Uuid(), refundId: Uuid() });
export const StatusQuerySchema = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
/** The signed part of an invoice link (server/features/ticket/checkout/invoiceLinks.ts). */
export const InvoiceLinkQuerySchema = Type.Object({
  expires: Type.Integer({ minimum: 0, maximum: 1e11, description: 'Unix seconds' }),
  signature: Type.String({ maxLength: 200 }),
});
export const BankParamsSchema = Type.Object({
  paymentId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
});
export const BankDecisionSchema = Type.Object({
  outcome: Type.Optional(Type.Union(SIMULATED_OUTCOMES.map((outcome) => Type.Literal(outcome)))),
});
