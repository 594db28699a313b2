import { Right } from '../../domain/rights';
import { describeOnEachDatabase, expectError } from './harness';

const ESHOP = '/api/ticket/v1/eshop';
const SECRET_KEY = 'sk_test_FAKE0123456789secret';
const WEBHOOK_SECRET = 'whsec_FAKE0123456789signing';

describeOnEachDatabase("an e-shop's payment gateway settings", (server) => {
  let projectId: string;
  beforeAll(async () => {
    projectId = await server().createProject('Gateway settings');
  });

  const write = async (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
    server().call(await server().adminToken(), { method, url, payload });

  it('starts every e-shop on the simulated bank', async () => {
    const created = await write('POST', ESHOP, { projectId, name: 'Default gateway' });
    expect(created.statusCode).toBe(201);
    expect(created.json().paymentGateway).toEqual({ kind: 'simulated' });
  });

  it('tests the connection for administrators only', async () => {
    const created = await write('POST', ESHOP, { projectId, name: 'Tested gateway' });
    const url = `${ESHOP}/${created.json().id}/testPaymentGateway`;
    const tested = await server().call(await server().adminToken(), { method: 'POST', url });
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toEqual({
      kind: 'simulated',
      ok: true,
      message: expect.stringContaining('TEST PAYMENT'),
    });
    const reader = await server().createUser();
    await server().setRights(projectId, reader.id, Right.TICKET_ESHOP_READ);
    expectError(await server().call(reader.token, { method: 'POST', url }), 403);
    expectError(
      await server().call(await server().adminToken(), {
        method: 'POST',
        url: `${ESHOP}/${projectId}/testPaymentGateway`,
      }),
      404,
    );
    await server().call(await server().adminToken(), {
      method: 'DELETE',
      url: `${ESHOP}/${created.json().id}`,
    });
  });

  it('keeps the secrets write-only: answered as set, sealed at rest, out of the audit trail', async () => {
    const created = await write('POST', ESHOP, {
      projectId,
      name: 'Stripe shop',
      paymentGateway: { kind: 'stripe', test: true, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().paymentGateway).toEqual({
      kind: 'stripe',
      test: true,
      secretKeySet: true,
      webhookSecretSet: true,
    });
    expect(created.body).not.toContain('FAKE0123456789');
    const id = created.json().id as string;
    const row = await server()
      .context.db.selectFrom('eshop')
      .select(['paymentGateway', 'paymentGatewaySecrets'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('FAKE0123456789');
    const trail = await server().call(await server().adminToken(), {
      method: 'GET',
      url: `/api/core/v1/audit?where=${encodeURIComponent(JSON.stringify({ resourceId: id }))}`,
    });
    expect(trail.body).not.toContain('FAKE0123456789');

    // a PATCH of the same kind without secrets keeps them
    const patched = await write('PATCH', `${ESHOP}/${id}`, {
      paymentGateway: { kind: 'stripe', test: false, apiBase: 'https://stripe.example.test' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().paymentGateway).toEqual({
      kind: 'stripe',
      test: false,
      apiBase: 'https://stripe.example.test',
      secretKeySet: true,
      webhookSecretSet: true,
    });
    // another kind drops them: back to simulated, then Stripe again needs its secrets
    expect(
      (await write('PATCH', `${ESHOP}/${id}`, { paymentGateway: { kind: 'simulated' } })).json(),
    ).toMatchObject({
      paymentGateway: { kind: 'simulated' },
    });
    expectError(
      await write('PATCH', `${ESHOP}/${id}`, {
        paymentGateway: { kind: 'stripe', webhookSecret: WEBHOOK_SECRET },
      }),
      400,
      'Stripe needs its secret key.',
    );
  });

  it('refuses settings that cannot work, naming the field, and changes nothing', async () => {
    const bad = [
      { kind: 'paypal' },
      { kind: 'gopay', goid: 'abc', clientId: 'x', clientSecret: 'y' },
      { kind: 'stripe', secretKey: 'has space', webhookSecret: WEBHOOK_SECRET },
      { kind: 'stripe', secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: 'ftp://x' },
      { kind: 'simulated', secretKey: SECRET_KEY },
    ];
    for (const paymentGateway of bad) {
      const answer = await write('POST', ESHOP, { projectId, name: 'Bad gateway', paymentGateway });
      expect(answer.statusCode).toBe(400);
    }
    expectError(
      await write('POST', ESHOP, {
        projectId,
        name: 'No secret',
        paymentGateway: { kind: 'gopay', goid: '8123456789', clientId: 'client' },
      }),
      400,
      'GoPay needs its client secret.',
    );
    const listed = await server().call(await server().adminToken(), {
      method: 'GET',
      url: `${ESHOP}?where=${encodeURIComponent(JSON.stringify({ projectId }))}`,
    });
    expect(
      listed
        .json()
        .data.map((eshop: { name: string }) => eshop.name)
        .sort(),
    ).toEqual(['Default gateway', 'Stripe shop']);
  });

  it("lets the storefront's form send the buyer to the gateway's payment page, and nowhere else", async () => {
    const formAction = async (paymentGateway: Record<string, unknown>) => {
      const created = await write('POST', ESHOP, { projectId, name: 'Shop on a gateway', paymentGateway });
      expect(created.statusCode).toBe(201);
      const page = await server().call(undefined, { method: 'GET', url: `/shop/${created.json().id}` });
      await write('PATCH', `${ESHOP}/${created.json().id}`, { active: false });
      return /form-action ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    };
    const secrets = { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET };
    expect(await formAction({ kind: 'stripe', ...secrets })).toMatch(/ https:\/\/checkout\.stripe\.com$/);
    expect(
      await formAction({ kind: 'gopay', test: true, goid: '8123456789', clientId: 'c', clientSecret: 's' }),
    ).toMatch(/ https:\/\/gw\.sandbox\.gopay\.com$/);
    expect(await formAction({ kind: 'stripe', apiBase: 'http://127.0.0.1:4242/v1', ...secrets })).toMatch(
      / http:\/\/127\.0\.0\.1:4242$/,
    );
    expect(await formAction({ kind: 'simulated' })).not.toMatch(/stripe|gopay|4242/);
  });

  it('warns the console while an e-shop sells through the simulated bank, and not once none does', async () => {
    const config = async () =>
      (await server().call(undefined, { method: 'GET', url: '/config.json' })).json();
    expect((await config()).simulatedPayments).toBe(true);
    const token = await server().adminToken();
    const all = await server().call(token, { method: 'GET', url: `${ESHOP}?limit=1000` });
    for (const eshop of all.json().data as Array<{ id: string }>)
      expect(
        (
          await write('PATCH', `${ESHOP}/${eshop.id}`, {
            paymentGateway: { kind: 'stripe', secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
          })
        ).statusCode,
      ).toBe(200);
    expect((await config()).simulatedPayments).toBe(false);
  });
});
