import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { DateTime, EntityFields, Int4, MAX_MONEY, Nullable, Uuid } from './common';
import { Localized } from './eshop';
import { VAT_RANGE } from '../ticket/vat';

export const MAX_VALIDITY_DAYS = 36_500;

export const PERIOD_TYPES = ['days', 'interval'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

/** How long an item is valid: a number of days from purchase, or a fixed interval. Rules: domain/ticket/productRules. */
export const ProductPeriodSchema = Type.Object(
  {
    periodType: Type.Union(PERIOD_TYPES.map((type) => Type.Literal(type))),
    /** at most a century: the end of validity must stay a date */
    daysMaximalValidity: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_VALIDITY_DAYS }))),
    intervalFrom: Type.Optional(Nullable(DateTime())),
    intervalTo: Type.Optional(Nullable(DateTime())),
  },
  { additionalProperties: false },
);
export type ProductPeriod = Static<typeof ProductPeriodSchema>;

/** The service that gives each sold item its number; 'simple' is ours (yearly/monthly/daily serials). */
export const NUMBER_SERVICES = ['simple', 'elvis', 'originsoft', 'ntree', 'stack', 'other'] as const;
export type NumberService = (typeof NUMBER_SERVICES)[number];

export const NumberServiceConfigSchema = Type.Object(
  { tariff: Type.Optional(Type.Integer()) },
  { additionalProperties: true },
);

/**
 * The event a product admits to, when it is one: each part that is set is written into the ticket's pass
 * (domain/ticket/ticketContract: eventName, eventVenue, eventStart, eventEnd).
 */
export const ProductEventSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    venue: Type.Optional(Type.String({ maxLength: 200 })),
    startsAt: Type.Optional(Nullable(DateTime())),
    endsAt: Type.Optional(Nullable(DateTime())),
  },
  { additionalProperties: false },
);
export type ProductEvent = Static<typeof ProductEventSchema>;

const productFields = {
  eshopId: Uuid(),
  name: Type.String({ minLength: 3, maxLength: 200 }),
  active: Type.Boolean(),
  /** position in the e-shop */
  order: Int4(),
  /** most items of this product in one order */
  maxItems: Int4({ minimum: 1 }),
  /** entries one item allows */
  maxEntries: Int4({ minimum: 1 }),
  /** persons or pieces one item stands for */
  units: Int4({ minimum: 1 }),
  priceWithoutVat: Type.Number({ minimum: 0, maximum: MAX_MONEY }),
  /** rate: 0.21 is 21 % */
  vat: Type.Number({ ...VAT_RANGE }),
  /** templates the item's passes are issued from; the first is the default */
  templateIds: Type.Array(Uuid(), { minItems: 1, uniqueItems: true }),
  /** required for each of the e-shop's locales (checked with the e-shop) */
  title: Localized({ minLength: 3 }),
  warningEnabled: Type.Boolean(),
  warningTitle: Localized({ minLength: 3 }),
  period: ProductPeriodSchema,
  numberServiceUrl: Type.Union(NUMBER_SERVICES.map((service) => Type.Literal(service))),
  numberServiceConfig: Nullable(NumberServiceConfigSchema),
  event: Nullable(ProductEventSchema),
};

export const ProductSchema = Type.Object({
  ...EntityFields,
  ...productFields,
  /** the e-shop's project; read-only */
  projectId: Uuid(),
  /** priceWithoutVat + vat × priceWithoutVat, rounded to 2 decimals; read-only */
  priceWithVat: Type.Number(),
});
export type Product = Static<typeof ProductSchema>;

/**
 * POST and PUT. What is left out takes the API's defaults (server/features/ticket/productResource.ts: inactive, order 1, maxItems
 * 10, maxEntries 1, units 1, no warning, number service simple, no event); the console's New page starts from the
 * spec's new product instead (domain/ticket/defaults).
 */
export const ProductWriteSchema = Type.Object(
  {
    eshopId: productFields.eshopId,
    name: productFields.name,
    active: Type.Optional(productFields.active),
    order: Type.Optional(productFields.order),
    maxItems: Type.Optional(productFields.maxItems),
    maxEntries: Type.Optional(productFields.maxEntries),
    units: Type.Optional(productFields.units),
    priceWithoutVat: productFields.priceWithoutVat,
    vat: productFields.vat,
    templateIds: productFields.templateIds,
    title: productFields.title,
    warningEnabled: Type.Optional(productFields.warningEnabled),
    warningTitle: Type.Optional(productFields.warningTitle),
    period: productFields.period,
    numberServiceUrl: Type.Optional(productFields.numberServiceUrl),
    numberServiceConfig: Type.Optional(productFields.numberServiceConfig),
    event: Type.Optional(productFields.event),
  },
  { additionalProperties: false },
);
export type ProductWrite = Static<typeof ProductWriteSchema>;

export const productResource = defineResource({
  name: 'product',
  api: 'ticket',
  route: 'ticket/ticketProduct',
  createSchema: ProductWriteSchema,
  updateSchema: ProductWriteSchema,
  project: 'projectId',
  access: {
    read: { allOf: ['TICKET_PRODUCT_MANAGE', 'TICKET_ESHOP_READ'] },
    create: { allOf: ['TICKET_PRODUCT_MANAGE', 'TICKET_ESHOP_READ'] },
    update: { allOf: ['TICKET_PRODUCT_MANAGE', 'TICKET_ESHOP_READ'] },
    delete: { allOf: ['TICKET_PRODUCT_MANAGE', 'TICKET_ESHOP_READ'] },
  },
  representation: 'name',
  menu: { group: 'ticket', icon: 'LocalActivity' },
  schema: ProductSchema,
  filter: ['id', 'eshopId', 'projectId', 'name', 'active', 'numberServiceUrl', 'createdAt', 'updatedAt'],
  sort: [
    'id',
    'eshopId',
    'name',
    'active',
    'order',
    'priceWithoutVat',
    'priceWithVat',
    'createdAt',
    'updatedAt',
  ],
  // the New page shows the same tabs; it starts from the spec's new product (the console's `createDefaults`)
  ui: {
    list: {
      columns: [
        { field: 'name', widget: 'productNameColumn' },
        { field: 'eshopId', widget: 'productEshopColumn' },
        'active',
        'order',
        'priceWithoutVat',
        { field: 'vat', kind: 'percent' },
        'priceWithVat',
        'updatedAt',
      ],
      filters: [{ field: 'eshopId', widget: 'productEshopFilter', alwaysOn: true }, 'name'],
    },
    above: ['productProblems'],
    tabs: [
      {
        key: 'edit',
        label: 'app.ticket.tab.edit',
        fields: [
          { field: 'eshopId', widget: 'productEshopInput' },
          'name',
          'active',
          'order',
          'maxItems',
          'maxEntries',
          'units',
          'priceWithoutVat',
          // the VAT as a percentage, then the price with VAT it gives, computed as one types
          { field: 'vat', input: 'percent' },
          { field: 'priceWithVat', widget: 'priceWithVat', label: false },
          { field: 'templateIds', widget: 'productTemplatesInput' },
        ],
      },
      {
        key: 'localization',
        label: 'app.ticket.tab.localization',
        widget: 'productLocalization',
        widgetFields: ['title', 'warningEnabled', 'warningTitle'],
      },
      {
        key: 'validity',
        label: 'app.ticket.tab.validity',
        widget: 'productPeriod',
        widgetFields: ['period'],
      },
      {
        key: 'event',
        label: 'app.ticket.tab.event',
        help: 'app.ticket.product.eventHelp',
        fields: ['event.name', 'event.venue', 'event.startsAt', 'event.endsAt'],
      },
      {
        key: 'ticketService',
        label: 'app.ticket.tab.ticketService',
        widget: 'productService',
        adminOnly: true,
      },
    ],
    transform: 'productBody',
    checks: 'productChecks',
  },
});
