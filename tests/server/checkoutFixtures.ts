import type { TestServer } from './harness';
import { freeOrderPrefix } from '../../domain/ticket/orderPrefixes';
import { ticketTemplateBody } from './passFixtures';

/** An e-shop of a new project, with products for each rule of the checkout. */
export interface Shop {
  projectId: string;
  eshopId: string;
  templateId: string;
  product: string;
  cheap: string;
  inactive: string;
  foreign: string;
  family: string;
}

/**
 * Creates the e-shop (prefix 90 in a new database), a second one (the next free prefix) and their products, in SQL;
 * the template (on the ticket contract) through the API.
 */
export async function createShop(server: TestServer): Promise<Shop> {
  const token = await server.adminToken();
  const projectId = await server.createProject(`Zoo ${Math.random()}`);
  const template = await server.call(token, {
    method: 'POST',
    url: '/api/core/v1/template',
    payload: ticketTemplateBody(projectId, { name: 'Zoo ticket' }),
  });
  expect(template.statusCode).toBe(201);
  const templateId = template.json().id as string;
  const db = server.context.db;
  // order prefixes are unique in an installation: each shop takes the next free one, as the API would give it
  const eshop = async (name: string) => {
    const taken = await db.selectFrom('eshop').select('orderPrefix').execute();
    const orderPrefix = freeOrderPrefix(taken.map((row) => row.orderPrefix)) as string;
    return db
      .insertInto('eshop')
      .values({
        projectId,
        name,
        orderPrefix,
        active: true,
        eshopVersion: 'latest',
        locales: JSON.stringify(['cs', 'en']),
        currency: 'CZK',
        currencyCode: 203,
        maxItems: 10,
        maxPriceWithVat: 1000,
        headOverrides: '',
        bodyOverrides: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };
  const product = (eshopId: string, name: string, price: number, active = true, maxItems = 5) =>
    db
      .insertInto('product')
      .values({
        eshopId,
        projectId,
        name,
        active,
        maxItems,
        maxEntries: 1,
        order: 1,
        units: 1,
        warningEnabled: false,
        numberServiceUrl: 'simple',
        priceWithoutVat: price,
        vat: 0.21,
        templateIds: JSON.stringify([templateId]),
        title: JSON.stringify({ cs: name, en: name }),
        period: JSON.stringify({ periodType: 'days', daysMaximalValidity: 30 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const { id: eshopId } = await eshop('Zoo');
  const { id: otherId } = await eshop('Other zoo');
  return {
    projectId,
    eshopId,
    templateId,
    product: (await product(eshopId, 'Adult', 100)).id, // 121 with VAT
    cheap: (await product(eshopId, 'Child', 10, true, 10)).id, // 12.10 with VAT
    inactive: (await product(eshopId, 'Senior', 50, false)).id,
    foreign: (await product(otherId, 'Other zoo', 100)).id,
    family: (await product(eshopId, 'Family', 500)).id, // 605 with VAT
  };
}

/** Each order's state as its status page (the buyer's link) answers it, asked through `call`. */
export function orderStates(
  call: (method: string, path: string) => Promise<{ body: { state?: unknown } }>,
  eshopId: string,
  orders: ReadonlyArray<{ orderId: string; statusToken: string }>,
): Promise<string[]> {
  return Promise.all(
    orders.map(
      async (order) =>
        (
          await call(
            'GET',
            `/api/ticket/public/v1/eshop/${eshopId}/order/${order.orderId}?token=${order.statusToken}`,
          )
        ).body.state as string,
    ),
  );
}
