import fs from 'node:fs';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { describeOnEachDatabase, expectError } from './harness';
import { readEml } from './emlFiles';
import { ticketTemplateBody } from './passFixtures';

const CHECKOUT = '/api/ticket/public/v1';
const NOTICE = 'TEST PAYMENT - no money was taken';

describeOnEachDatabase('payments through the simulated bank', (server) => {
  let eshopId: string;
  let productId: string;

  const ticketApi = async (url: string, payload: Record<string, unknown>) => {
    const response = await server().call(await server().adminToken(), {
      method: 'POST',
      url: `/api/ticket/v1/${url}`,
      payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };

  beforeAll(async () => {
    const projectId = await server().createProject('Zoo');
    const template = await server().call(await server().adminToken(), {
      method: 'POST',
      url: '/api/core/v1/template',
      payload: ticketTemplateBody(projectId, { name: 'Zoo ticket' }),
    });
    eshopId = await ticketApi('eshop', {
      projectId,
      name: 'Zoo e-shop',
      locales: ['en'],
      email: { template: { en: '<p>Welcome to the zoo! Order {{orderNumber}}: {{items}}</p>' } },
    });
    productId = await ticketApi('product', {
      eshopId,
      name: 'Adult',
      active: true,
      priceWithoutVat: 100,
      vat: 0.21,
      templateIds: [template.json().id],
      title: { en: 'Adult' },
      period: { periodType: 'days', daysMaximalValidity: 30 },
    });
  }, 60_000);

  const buy = () =>
    server().call(undefined, {
      method: 'POST',
      url: `${CHECKOUT}/eshop/${eshopId}/order`,
      payload: { email: 'buyer@example.com', locale: 'en', items: [{ productId, count: 1 }] },
    });

  it('tells the e-shop front in every checkout answer that payments are simulated', async () => {
    const created = await buy();
    expect(created.statusCode).toBe(201);
    const order = created.json();
    expect(order.simulatedPayments).toBe(true);
    const statusUrl = `${CHECKOUT}/eshop/${eshopId}/order/${order.orderId}?token=${order.statusToken}`;
    const status = await server().call(undefined, { method: 'GET', url: statusUrl });
    expect(status.json()).toEqual(
      expect.objectContaining({ paymentState: 'pending', simulatedPayments: true }),
    );
    const result = await server().call(undefined, {
      method: 'POST',
      url: statusUrl.replace('?', '/paymentResult?'),
    });
    expect(result.statusCode).toBe(200);
    expect(result.json().simulatedPayments).toBe(true);
    // an order the front may not see still answers 404 only
    expectError(
      await server().call(undefined, { method: 'GET', url: statusUrl.replace(/token=.*/, 'token=x') }),
      404,
    );
  });

  it("says on the bank's page, before and after paying, that no money is taken", async () => {
    const { paymentUrl } = (await buy()).json();
    const pagePath = new URL(paymentUrl).pathname;
    const page = await server().call(undefined, {
      method: 'GET',
      url: pagePath,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<p class="test" role="alert">${NOTICE}</p>`);
    expect(page.body).toContain('>Pay</button>');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");

    const paid = await server().call(undefined, {
      method: 'POST',
      url: pagePath,
      payload: { outcome: 'paid' },
    });
    expect(paid.json().paymentState).toBe('paid');
    const after = await server().call(undefined, {
      method: 'GET',
      url: pagePath,
      headers: { accept: 'text/html' },
    });
    expect(after.body).toContain(NOTICE);
    expect(after.body).toContain('Payment state: <strong>paid</strong>');
  });

  it("puts the notice in the order email's subject and first line, ahead of the e-shop's own template", async () => {
    const { orderId, paymentUrl } = (await buy()).json();
    await server().call(undefined, {
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      payload: { outcome: 'paid' },
    });
    await server().jobsIdle();
    const sent = checkoutPartsOf(server().context)!.sentMail.filter((mail) => mail.orderId === orderId);
    expect(sent).toHaveLength(1);
    const eml = fs
      .readFileSync(sent[0].receipt.file!, 'utf8')
      .replace(/\r?\n[ \t]+/g, ' ') // unfolded headers
      .replace(/=\r?\n/g, ''); // joined quoted-printable lines
    expect(eml).toMatch(new RegExp(`^Subject: \\[${NOTICE}\\] Zoo e-shop: order \\d+`, 'm'));
    expect(eml).toMatch(new RegExp(`\\n${NOTICE}\\r?\\n\\r?\\nThank you for your order`));
    // in the HTML, the notice comes first: above the e-shop's header and its own template
    const { html } = readEml(sent[0].receipt.file!);
    const notice = html.indexOf(`<strong>${NOTICE}</strong>`);
    expect(notice).toBeGreaterThan(html.indexOf('<body'));
    expect(notice).toBeLessThan(html.indexOf('>Zoo e-shop</td>'));
    expect(html.indexOf('>Zoo e-shop</td>')).toBeLessThan(html.indexOf('<p>Welcome to the zoo! Order'));
  });
});
