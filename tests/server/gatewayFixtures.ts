import { Writable } from 'node:stream';
import { startTestServer, type TestServer } from './harness';
import { ticketTemplateBody } from './passFixtures';

/** What placing an order answers, as the gateway tests read it. */
export interface Placed {
  orderId: string;
  orderNumber: string;
  paymentUrl: string;
  statusToken: string;
  statusUrl: string;
}

/**
 * A test server for a real gateway's checkout: every log line kept (for the tests that no secret is ever logged),
 * trace level, no checkout rate limit, and the paymentCheck job asking again within a test.
 *
 * @example const { server, logLines } = await startGatewayTestServer('pglite')
 */
export async function startGatewayTestServer(
  kind: 'pglite' | 'postgres',
): Promise<{ server: TestServer; logLines: string[] }> {
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const server = await startTestServer(
    kind,
    {
      LOG_LEVEL: 'trace',
      CHECKOUT_RATE_LIMIT: '0',
      JOB_POLL_MS: '50',
      JOB_RETRY_BASE_MS: '100',
      JOB_RETRY_MAX_MS: '400',
    },
    { logStream },
  );
  return { server, logLines };
}

/** The ticket template of a project, through the API; answers its id. */
export async function ticketTemplate(server: TestServer, projectId: string): Promise<string> {
  const template = await server.call(await server.adminToken(), {
    method: 'POST',
    url: '/api/core/v1/template',
    payload: ticketTemplateBody(projectId, { name: 'Zoo ticket' }),
  });
  expect(template.statusCode).toBe(201);
  return template.json().id as string;
}

/** The e-shop's product "Adult" (100 without VAT, 21 % VAT, valid 30 days) on the template; answers its id. */
export async function adultTicket(server: TestServer, eshopId: string, templateId: string): Promise<string> {
  const product = await server.call(await server.adminToken(), {
    method: 'POST',
    url: '/api/ticket/v1/product',
    payload: {
      eshopId,
      name: 'Adult',
      active: true,
      priceWithoutVat: 100,
      vat: 0.21,
      templateIds: [templateId],
      title: { cs: 'Dospělý', en: 'Adult' },
      period: { periodType: 'days', daysMaximalValidity: 30 },
    },
  });
  expect(product.statusCode).toBe(201);
  return product.json().id as string;
}
