import fs from 'node:fs';
import { createVerifier } from 'fast-jwt';
import { Right } from '../../domain/rights';
import { totp, type TotpAlgorithm } from '../../server/features/wallet/google/totp';
import { createShop, type Shop } from './checkoutFixtures';
import { buyTickets, type SoldTicket } from './gateFixtures';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';
import { eventTicketProblems } from './googleEventTicketReference';
import { serviceAccountFiles, startGoogleStandIn, type GoogleStandIn } from './googleStandIn';

jest.setTimeout(60_000);

describe('TOTP (RFC 6238)', () => {
  // Appendix B of RFC 6238: the seeds per hash, and the 8-digit values at each time (30-second steps)
  const seeds: Record<TotpAlgorithm, Buffer> = {
    sha1: Buffer.from('12345678901234567890'),
    sha256: Buffer.from('12345678901234567890123456789012'),
    sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
  };
  const vectors: Array<[number, TotpAlgorithm, string]> = [
    [59, 'sha1', '94287082'],
    [59, 'sha256', '46119246'],
    [59, 'sha512', '90693936'],
    [1111111109, 'sha1', '07081804'],
    [1111111109, 'sha256', '68084774'],
    [1111111109, 'sha512', '25091201'],
    [1111111111, 'sha1', '14050471'],
    [1111111111, 'sha256', '67062674'],
    [1111111111, 'sha512', '99943326'],
    [1234567890, 'sha1', '89005924'],
    [1234567890, 'sha256', '91819424'],
    [1234567890, 'sha512', '93441116'],
    [2000000000, 'sha1', '69279037'],
    [2000000000, 'sha256', '90698825'],
    [2000000000, 'sha512', '38618901'],
    [20000000000, 'sha1', '65353130'],
    [20000000000, 'sha256', '77737706'],
    [20000000000, 'sha512', '47863826'],
  ];

  it.each(vectors)('at %i s with %s is %s', (seconds, algorithm, expected) => {
    expect(totp(seeds[algorithm], seconds * 1000, { digits: 8, periodMs: 30_000, algorithm })).toBe(expected);
  });

  it('keeps the last digits asked for, with leading zeros', () => {
    expect(totp(seeds.sha1, 1111111109_000, { digits: 6, periodMs: 30_000 })).toBe('081804');
  });
});

const ISSUER_ID = '3388000000012345678';
const CLIENT_EMAIL = 'passbase-gate@example-project.iam.gserviceaccount.com';
const T = '/api/ticket/v1';
const PERIOD_MS = 30_000;
const DIGITS = 8;

interface RotatingBarcodeJson {
  type: string;
  valuePattern: string;
  totpDetails: {
    periodMillis: string;
    algorithm: string;
    parameters: Array<{ key: string; valueLength: number }>;
  };
}

describe.each(databaseKinds)('rotating barcodes in Google Wallet and at the gate (%s)', (kind) => {
  const keys = serviceAccountFiles(CLIENT_EMAIL);
  const verify = createVerifier({ key: keys.publicKeyPem, algorithms: ['RS256'], allowedAud: 'google' });
  let google: GoogleStandIn;
  let server: TestServer;
  let shop: Shop;
  let admin: string;

  beforeAll(async () => {
    google = await startGoogleStandIn(keys.publicKeyPem, CLIENT_EMAIL);
    server = await startTestServer(kind, {
      CHECKOUT_RATE_LIMIT: '0',
      GOOGLE_WALLET_SERVICE_ACCOUNT: keys.keyFile,
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      GOOGLE_WALLET_API_BASE: google.apiBase,
      GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    });
    admin = await server.adminToken();
    shop = await createShop(server);
    const rotating = await setGoogleWallet({
      rotatingBarcode: { periodSeconds: PERIOD_MS / 1000, digits: DIGITS },
    });
    expect(rotating.statusCode).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await google?.close();
    fs.rmSync(keys.directory, { recursive: true, force: true });
  });

  function setGoogleWallet(googleWallet: unknown) {
    return server.call(admin, {
      method: 'PATCH',
      url: `/api/core/v1/template/${shop.templateId}`,
      payload: { googleWallet } as Record<string, unknown>,
    });
  }
  const scan = (code: string) => server.call(admin, { method: 'POST', url: `${T}/entry`, payload: { code } });

  /** The rotating barcode Google Wallet gets for a ticket's pass (in the Save to Google Wallet JWT). */
  async function googleBarcode(ticket: SoldTicket): Promise<RotatingBarcodeJson> {
    const response = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/pass/${ticket.passId}/savetogooglepay`,
    });
    expect(response.statusCode).toBe(200);
    const { payload } = verify(response.json().jwt) as {
      payload: { eventTicketObjects: Array<Record<string, unknown>> };
    };
    const [object] = payload.eventTicketObjects;
    expect(eventTicketProblems('eventTicketObject', object)).toEqual([]);
    expect(object.barcode).toBeUndefined();
    return object.rotatingBarcode as RotatingBarcodeJson;
  }

  /** The code Google Wallet shows at a moment: its value pattern with the TOTP of the key then. */
  function shownCode(barcode: RotatingBarcodeJson, at: number): string {
    const [{ key, valueLength }] = barcode.totpDetails.parameters;
    const value = totp(Buffer.from(key, 'hex'), at, {
      digits: valueLength,
      periodMs: Number(barcode.totpDetails.periodMillis),
    });
    return barcode.valuePattern.replace('{totp_value_0}', value);
  }

  it("gives the pass's Google object a rotating QR code of the ticket's code and a TOTP (SHA-1)", async () => {
    const [ticket, other] = await buyTickets(server, shop, 2);

    const barcode = await googleBarcode(ticket);

    expect(barcode).toEqual({
      type: 'QR_CODE',
      valuePattern: `${ticket.ticketSecret}~{totp_value_0}`,
      totpDetails: {
        periodMillis: String(PERIOD_MS),
        algorithm: 'TOTP_SHA1',
        parameters: [{ key: expect.stringMatching(/^[0-9a-f]{40}$/), valueLength: DIGITS }],
      },
    });
    // a key per pass, the same each time it is asked for
    expect((await googleBarcode(ticket)).totpDetails).toEqual(barcode.totpDetails);
    expect((await googleBarcode(other)).totpDetails.parameters[0].key).not.toBe(
      barcode.totpDetails.parameters[0].key,
    );
  });

  it('lets a ticket in with its live code, the one of the period before (clocks apart) too', async () => {
    const [live, late] = await buyTickets(server, shop, 2);

    const accepted = await scan(shownCode(await googleBarcode(live), Date.now()));
    const previous = await scan(shownCode(await googleBarcode(late), Date.now() - PERIOD_MS));

    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ result: 'accepted', orderItem: { id: live.id, entryCount: 1 } });
    expect(previous.json()).toMatchObject({ result: 'accepted', orderItem: { id: late.id } });
  });

  it('refuses an expired code (a screenshot) and a forged one, counting no entry', async () => {
    const [ticket, other] = await buyTickets(server, shop, 2);
    const barcode = await googleBarcode(ticket);
    const screenshot = shownCode(barcode, Date.now() - 10 * 60_000);
    // the live code of another pass's key after this ticket's code: never this ticket's
    const otherKey = (await googleBarcode(other)).totpDetails;
    const forged = shownCode({ ...barcode, totpDetails: otherKey }, Date.now());

    const expired = await scan(screenshot);
    const notGenuine = await scan(forged);

    expect(expired.json()).toMatchObject({
      result: 'codeExpired',
      orderItem: { id: ticket.id, entryCount: 0 },
    });
    expect(notGenuine.json()).toMatchObject({
      result: 'codeForged',
      orderItem: { id: ticket.id, entryCount: 0 },
    });
    const entries = await server.context.db
      .selectFrom('ticketEntry')
      .select(['result', 'code'])
      .where('orderItemId', '=', ticket.id)
      .orderBy('at')
      .execute();
    expect(entries).toEqual([
      { result: 'codeExpired', code: screenshot },
      { result: 'codeForged', code: forged },
    ]);
  });

  it('checks a code scanned offline at the moment it was scanned', async () => {
    const [ticket] = await buyTickets(server, shop, 1);
    // valid since an hour ago, so that the scan before the purchase is let in by its validity
    await server.context.db
      .updateTable('orderItem')
      .set({ validFrom: new Date(Date.now() - 60 * 60_000) })
      .where('id', '=', ticket.id)
      .execute();
    const list = await server.call(admin, {
      method: 'GET',
      url: `${T}/entry/offline?eshopId=${shop.eshopId}`,
    });
    expect(list.statusCode).toBe(200);
    const at = Date.now() - 4 * 60_000;

    const synced = await server.call(admin, {
      method: 'POST',
      url: `${T}/entry/sync`,
      payload: {
        signature: list.json().signature,
        entries: [
          {
            code: shownCode(await googleBarcode(ticket), at),
            at: new Date(at).toISOString(),
            clientId: 'c1',
          },
        ],
      },
    });

    expect(synced.statusCode).toBe(200);
    expect(synced.json().entries).toEqual([expect.objectContaining({ result: 'accepted', conflict: false })]);
  });

  it("gives the offline list the rotation of a rotating template's tickets, and of no others", async () => {
    const [ticket] = await buyTickets(server, shop, 1);
    const plainShop = await createShop(server);
    const [plain] = await buyTickets(server, plainShop, 1);
    const listOf = async (eshopId: string) => {
      const list = await server.call(admin, { method: 'GET', url: `${T}/entry/offline?eshopId=${eshopId}` });
      expect(list.statusCode).toBe(200);
      return list.json().tickets as Array<{ orderItemId: string; rotation?: unknown }>;
    };

    const rotating = (await listOf(shop.eshopId)).find((entry) => entry.orderItemId === ticket.id);
    const other = (await listOf(plainShop.eshopId)).find((entry) => entry.orderItemId === plain.id);

    const { totpDetails } = await googleBarcode(ticket);
    expect(rotating?.rotation).toEqual({
      key: totpDetails.parameters[0].key,
      periodMs: PERIOD_MS,
      digits: DIGITS,
      required: false,
    });
    expect(other).toBeDefined();
    expect(other).not.toHaveProperty('rotation');
  });

  it("gives the offline list, with its keys, only to gates of the e-shop's project", async () => {
    const [ticket] = await buyTickets(server, shop, 1);
    const { key } = (await googleBarcode(ticket)).totpDetails.parameters[0];
    const elsewhere = await createShop(server);
    const gate = await server.createUser();
    await server.setRights(shop.projectId, gate.id, Right.TICKET_ENTRY);
    const stranger = await server.createUser();
    await server.setRights(elsewhere.projectId, stranger.id, Right.TICKET_ENTRY);
    const url = `${T}/entry/offline?eshopId=${shop.eshopId}`;

    const mine = await server.call(gate.token, { method: 'GET', url });
    const theirs = await server.call(stranger.token, { method: 'GET', url });

    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(key);
    expectError(theirs, 400, /e-shop \(eshopId\) was not found/);
    expect(theirs.body).not.toContain(key);
  });

  it('lets the plain code in unless the template requires the live one', async () => {
    const [plain, strict, live] = await buyTickets(server, shop, 3);
    expect((await scan(plain.ticketSecret)).json()).toMatchObject({ result: 'accepted' });

    const required = await setGoogleWallet({ rotatingBarcode: { digits: DIGITS, required: true } });
    expect(required.statusCode).toBe(200);
    try {
      expect((await scan(strict.ticketSecret)).json()).toMatchObject({ result: 'codeExpired' });
      expect((await scan(shownCode(await googleBarcode(live), Date.now()))).json()).toMatchObject({
        result: 'accepted',
      });
    } finally {
      await setGoogleWallet({ rotatingBarcode: { periodSeconds: PERIOD_MS / 1000, digits: DIGITS } });
    }
  });

  it('refuses settings outside the schema with their path, changing nothing', async () => {
    const before = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/template/${shop.templateId}`,
    });
    for (const [googleWallet, path] of [
      [{ rotatingBarcode: { digits: 12 } }, 'digits'],
      [{ rotatingBarcode: { periodSeconds: 'soon' } }, 'periodSeconds'],
      [{ rotatingBarcode: { periodSeconds: 1 } }, 'periodSeconds'],
      [{ rotatingBarcode: { algorithm: 'MD5' } }, 'rotatingBarcode'],
      [{ rotatingBarcodes: {} }, 'googleWallet'],
    ] as const) {
      const refused = await setGoogleWallet(googleWallet);
      expectError(refused, 400);
      expect(refused.body).toContain(path);
    }
    const after = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/template/${shop.templateId}`,
    });
    expect(after.json()).toEqual(before.json());
  });

  it("keeps the keys out of every answer but the object sent to Google and the gate's offline list", async () => {
    const [ticket] = await buyTickets(server, shop, 1);
    const { key } = (await googleBarcode(ticket)).totpDetails.parameters[0];

    const answers = await Promise.all([
      server.call(admin, { method: 'GET', url: `/api/core/v1/template/${shop.templateId}` }),
      server.call(admin, { method: 'GET', url: `/api/core/v1/pass/${ticket.passId}` }),
      server.call(admin, { method: 'GET', url: `/api/ticket/v1/orderItem/${ticket.id}` }),
      scan(shownCode(await googleBarcode(ticket), Date.now() - 10 * 60_000)),
    ]);

    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body.toLowerCase()).not.toContain(key);
    }
  });
});
