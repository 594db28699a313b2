import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { EntityFields, Int4, MAX_MONEY, Uuid } from './common';
import { PaymentGatewaySchema, PaymentGatewayWriteSchema } from './paymentGateway';

/** A two-letter lowercase language code, the key of every localised text of the ticket e-shop. */
export const LocaleCode = Type.String({ pattern: '^[a-z]{2}$' });

/** A text per locale: {"cs": "…", "en": "…"}. */
export const Localized = (options: { minLength?: number } = {}) =>
  Type.Record(LocaleCode, Type.String(options));

/** The look of the e-shop front; every value is a CSS value or an image address. */
export const EshopStylesSchema = Type.Object(
  {
    backgroundColor: Type.Optional(Type.String()),
    brandPrimary: Type.Optional(Type.String()),
    brandSecondary: Type.Optional(Type.String()),
    contentBtnColor: Type.Optional(Type.String()),
    contentColor: Type.Optional(Type.String()),
    contentErrorColor: Type.Optional(Type.String()),
    contentWarningColor: Type.Optional(Type.String()),
    footerColor: Type.Optional(Type.String()),
    headerColor: Type.Optional(Type.String()),
    fontFamily: Type.Optional(Type.String()),
    footerHeight: Type.Optional(Type.String()),
    headerHeight: Type.Optional(Type.String()),
    backgroundImg: Type.Optional(Type.String()),
    footerImg: Type.Optional(Type.String()),
    headerImg: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type EshopStyles = Static<typeof EshopStylesSchema>;

/** The order email: subject and HTML body per locale (placeholders are the checkout's). */
export const EshopEmailSchema = Type.Object(
  {
    subject: Type.Optional(Localized()),
    template: Localized(),
  },
  { additionalProperties: false },
);
export type EshopEmail = Static<typeof EshopEmailSchema>;

/**
 * Who sells: what an invoice must name of the seller (Czech VAT act § 29: name and registered address, company ID,
 * VAT ID) and whether the seller is a VAT payer (a non-payer's invoice says so and shows no VAT).
 */
export const EshopSellerSchema = Type.Object(
  {
    /** the business name as registered */
    legalName: Type.Optional(Type.String({ maxLength: 200 })),
    /** registered address, lines separated by new lines */
    address: Type.Optional(Type.String({ maxLength: 500 })),
    /** company ID (IČO) */
    companyId: Type.Optional(Type.String({ maxLength: 20 })),
    /** VAT ID (DIČ), e.g. CZ12345678 */
    vatId: Type.Optional(Type.String({ maxLength: 20 })),
    vatPayer: Type.Optional(Type.Boolean()),
    /** where the buyer writes to, shown on the invoice and the order page */
    email: Type.Optional(Type.String({ maxLength: 254 })),
    /** the register entry, e.g. "C 12345 vedená u Městského soudu v Praze" */
    registration: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
);
export type EshopSeller = Static<typeof EshopSellerSchema>;

/** E-shop messages: locale -> message key -> text (the version's defaults, overridden here). */
export const EshopMessagesSchema = Type.Record(LocaleCode, Type.Record(Type.String(), Type.String()));

const eshopFields = {
  projectId: Uuid(),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  /** the first digits of every order and item number of the e-shop: unique, none starting another (left out: the next free one) */
  orderPrefix: Type.String({ pattern: '^[0-9]{1,6}$' }),
  active: Type.Boolean(),
  /** a version of the e-shop front, from the e-shop versions list */
  eshopVersion: Type.String({ minLength: 1, maxLength: 50 }),
  /** at least one; the first is the default */
  locales: Type.Array(LocaleCode, { minItems: 1, uniqueItems: true }),
  /** ISO 4217 letters (CZK) and number (203) */
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  currencyCode: Type.Integer({ minimum: 1, maximum: 999 }),
  /** most items in one order */
  maxItems: Int4({ minimum: 1 }),
  /** highest total with VAT of one order */
  maxPriceWithVat: Type.Number({ minimum: 0, maximum: MAX_MONEY }),
  messages: EshopMessagesSchema,
  email: EshopEmailSchema,
  styles: EshopStylesSchema,
  /** HTML added to the front's head and body (admins only) */
  headOverrides: Type.String(),
  bodyOverrides: Type.String(),
  seller: EshopSellerSchema,
  /** the terms the buyer agrees to in the storefront (an https address; empty: none linked) */
  termsUrl: Type.String({ maxLength: 500, pattern: '^(https?://\\S+)?$' }),
  /** who takes the payments: the simulated bank (a fresh install's), Stripe or GoPay; its secrets only as "set" */
  paymentGateway: PaymentGatewaySchema,
};

export const EshopSchema = Type.Object({ ...EntityFields, ...eshopFields });
export type Eshop = Static<typeof EshopSchema>;

/** POST and PUT: projectId and name are needed; what is left out takes the new-e-shop defaults. */
export const EshopWriteSchema = Type.Object(
  {
    projectId: eshopFields.projectId,
    name: eshopFields.name,
    orderPrefix: Type.Optional(eshopFields.orderPrefix),
    active: Type.Optional(eshopFields.active),
    eshopVersion: Type.Optional(eshopFields.eshopVersion),
    locales: Type.Optional(eshopFields.locales),
    currency: Type.Optional(eshopFields.currency),
    currencyCode: Type.Optional(eshopFields.currencyCode),
    maxItems: Type.Optional(eshopFields.maxItems),
    maxPriceWithVat: Type.Optional(eshopFields.maxPriceWithVat),
    messages: Type.Optional(eshopFields.messages),
    email: Type.Optional(eshopFields.email),
    styles: Type.Optional(eshopFields.styles),
    headOverrides: Type.Optional(eshopFields.headOverrides),
    bodyOverrides: Type.Optional(eshopFields.bodyOverrides),
    seller: Type.Optional(eshopFields.seller),
    termsUrl: Type.Optional(eshopFields.termsUrl),
    /** a secret left out keeps the stored one while the kind stays */
    paymentGateway: Type.Optional(PaymentGatewayWriteSchema),
  },
  { additionalProperties: false },
);
export type EshopWrite = Static<typeof EshopWriteSchema>;

export const eshopResource = defineResource({
  name: 'eshop',
  label: 'e-shop',
  api: 'ticket',
  route: 'ticket/ticketEshop',
  createSchema: EshopWriteSchema,
  updateSchema: EshopWriteSchema,
  project: 'projectId',
  access: {
    read: { anyOf: ['TICKET_ESHOP_READ'] },
    // spec section 6: "e-shop saving (admin only)"
    create: { admin: true },
    update: { admin: true },
    delete: { admin: true },
  },
  representation: 'name',
  menu: { group: 'ticket', icon: 'Storefront' },
  schema: EshopSchema,
  filter: ['id', 'projectId', 'name', 'active', 'eshopVersion', 'currency', 'createdAt', 'updatedAt'],
  sort: ['id', 'projectId', 'name', 'active', 'orderPrefix', 'eshopVersion', 'createdAt', 'updatedAt'],
  // the New page shows the same tabs; it starts with the spec's defaults (the console's `createDefaults`)
  ui: {
    list: { columns: ['name', 'projectId', 'active'], filters: ['name', 'projectId'] },
    tabs: [
      {
        key: 'basic',
        label: 'app.ticket.tab.basic',
        before: 'storefrontLink',
        fields: [
          'name',
          'projectId',
          // a new e-shop's prefix is left empty: the server gives it the next free one
          {
            field: 'orderPrefix',
            helper: 'app.ticket.eshop.orderPrefixHelp',
            createHelper: 'app.ticket.eshop.orderPrefixNewHelp',
          },
          'active',
          { field: 'eshopVersion', widget: 'eshopVersionInput' },
        ],
      },
      {
        key: 'seller',
        label: 'app.ticket.tab.seller',
        help: 'app.ticket.eshop.sellerHelp',
        fields: [
          'seller.legalName',
          'seller.address',
          'seller.companyId',
          'seller.vatId',
          { field: 'seller.vatPayer', helper: 'app.ticket.eshop.vatPayerHelp' },
          { field: 'seller.email', input: 'email' },
          { field: 'seller.registration', helper: 'app.ticket.eshop.registrationHelp' },
          { field: 'termsUrl', helper: 'app.ticket.eshop.termsUrlHelp' },
        ],
      },
      // one picker sets the currency's letters and ISO number
      {
        key: 'basket',
        label: 'app.ticket.tab.basket',
        fields: [{ field: 'currency', widget: 'currencyInput' }, 'maxItems', 'maxPriceWithVat'],
      },
      // an input per message and locale: drawn when chosen
      {
        key: 'localization',
        label: 'app.ticket.tab.localization',
        fields: [{ field: 'locales', input: 'languages', helper: 'app.ticket.eshop.localesHelp' }],
        widget: 'eshopLocalization',
        lazy: true,
      },
      { key: 'email', label: 'app.ticket.tab.email', widget: 'eshopEmail' },
      // the gateway and its write-only secrets, with Test connection
      { key: 'payments', label: 'app.ticket.tab.payments', widget: 'eshopPayments' },
      // the storefront's colours, font and images, as a form drawn from their schema
      {
        key: 'styles',
        label: 'app.ticket.tab.styles',
        fields: [{ field: 'styles', input: 'schemaForm' }],
        lazy: true,
      },
      {
        key: 'wysiwyg',
        label: 'app.ticket.tab.wysiwyg',
        widget: 'eshopWysiwyg',
        adminOnly: true,
        lazy: true,
      },
    ],
    trim: ['orderPrefix'],
    transform: 'eshopBody',
    rowActions: ['rawView'],
  },
});
