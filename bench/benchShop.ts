import { freeOrderPrefix } from '../domain/ticket/orderPrefixes';
import { ticketDynamicDataSchema, ticketJsonTemplate } from '../domain/ticket/ticketTemplate';
import type { InProcessServer } from './inProcessServer';

/** The e-shop the ticket benches sell from: a new project, its ticket template, one e-shop (the next free prefix) and product. */
export interface BenchShop {
  projectId: string;
  templateId: string;
  eshopId: string;
  /** "Adult": single entry, valid 30 days, at most 5 in an order */
  productId: string;
}

/**
 * Seeds the bench e-shop: the project and template through the API, the e-shop and its product in SQL;
 * `priceWithoutVat` is the product's price (21 % VAT on top).
 */
export async function seedBenchShop(
  server: InProcessServer,
  name: string,
  priceWithoutVat: number,
): Promise<BenchShop> {
  const { db } = server;
  const projectId = await server.post('project', { name });
  const templateId = await server.post('template', {
    name: 'Zoo ticket',
    projectId,
    languages: ['en'],
    jsonTemplate: ticketJsonTemplate(),
    dynamicDataJsonSchema: ticketDynamicDataSchema(),
  });
  const taken = await db.selectFrom('eshop').select('orderPrefix').execute();
  const eshop = await db
    .insertInto('eshop')
    .values({
      projectId,
      name: 'Bench zoo',
      orderPrefix: freeOrderPrefix(taken.map((row) => row.orderPrefix)) ?? '123456',
      active: true,
      eshopVersion: 'latest',
      locales: JSON.stringify(['cs']),
      currency: 'CZK',
      currencyCode: 203,
      maxItems: 10,
      maxPriceWithVat: 1000,
      headOverrides: '',
      bodyOverrides: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await db
    .insertInto('product')
    .values({
      eshopId: eshop.id,
      projectId,
      name: 'Adult',
      active: true,
      maxItems: 5,
      maxEntries: 1,
      order: 1,
      units: 1,
      warningEnabled: false,
      numberServiceUrl: 'simple',
      priceWithoutVat,
      vat: 0.21,
      templateIds: JSON.stringify([templateId]),
      title: JSON.stringify({ cs: 'Dospělý' }),
      period: JSON.stringify({ periodType: 'days', daysMaximalValidity: 30 }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { projectId, templateId, eshopId: eshop.id, productId: product.id };
}
