import { Right } from '../../domain/rights';
import { MAX_ENTRY_CODE_LENGTH, OFFLINE_LIST_HOURS } from '../../domain/schemas/ticketEntry';
import { secretFromEnvOrFile } from '../../server/kernel/auth/secrets';
import { offlineListSigner } from '../../server/features/ticket/gate/offlineSignature';
import { buildPassJson } from '../../server/features/passes/pkpass/passJson';
import { createShop, type Shop } from './checkoutFixtures';
import { buyTickets, unpaidTicket } from './gateFixtures';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';

jest.setTimeout(60_000);

const T = '/api/ticket/v1';

describe.each(databaseKinds)('ticket gate (%s)', (kind) => {
  let server: TestServer;
  let shop: Shop;
  let projectId: string;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { CHECKOUT_RATE_LIMIT: '0' });
    shop = await createShop(server);
    admin = await server.adminToken();
    projectId = shop.projectId;
  }, 60_000);
  afterAll(() => server?.close(), 30_000);

  const scan = (token: string, payload: unknown) =>
    server.call(token, { method: 'POST', url: `${T}/entry`, payload: payload as Record<string, unknown> });
  const db = () => server.context.db;
  const item = (id: string) =>
    db().selectFrom('orderItem').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const pass = (id: string) =>
    db().selectFrom('pass').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const entriesOf = (orderItemId: string) =>
    db().selectFrom('ticketEntry').selectAll().where('orderItemId', '=', orderItemId).orderBy('at').execute();
  const entryCount = async () =>
    Number(
      (await db().selectFrom('ticketEntry').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );

  test('a ticket enters once: accepted with its product and entries left, then used; the pass follows', async () => {
    const [ticket] = await buyTickets(server, shop);
    const before = await pass(ticket.passId);
    expect(before.dynamicData).toMatchObject({ entries: '0/1', entriesLeft: 1 });
    const first = await scan(admin, { code: ticket.ticketSecret, gate: 'North gate' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      result: 'accepted',
      entriesLeft: 0,
      orderItem: { id: ticket.id, entryCount: 1, used: true, product: { name: 'Adult', maxEntries: 1 } },
    });
    const counted = await item(ticket.id);
    const trail = await db()
      .selectFrom('audit')
      .selectAll()
      .where('rowId', '=', ticket.id)
      .where('resource', '=', 'orderItem')
      .where('action', '=', 'update')
      .execute();
    expect(trail.map((entry) => entry.changes)).toContainEqual(
      expect.objectContaining({ entryCount: { before: 0, after: 1 } }),
    );
    for (const entry of trail) expect(entry.changes).not.toHaveProperty('data');
    expect(counted.firstEntry).toBeInstanceOf(Date);
    expect(counted.lastEntry).toBeInstanceOf(Date);
    const after = await pass(ticket.passId);
    expect(after.voided).toBe(true);
    expect(after.dynamicData).toMatchObject({ entries: '1/1', entryCount: 1, entriesLeft: 0, maxEntries: 1 });
    expect(after.walletUpdatedAt!.getTime()).toBeGreaterThanOrEqual(before.walletUpdatedAt!.getTime());

    // the pass shows its entries on its back
    const template = await db()
      .selectFrom('template')
      .selectAll()
      .where('id', '=', after.templateId)
      .executeTakeFirstOrThrow();
    const { passJson } = buildPassJson(
      { pass: after, template, certificate: undefined, webServiceUrl: 'https://passes.test/wallet' },
      { kind: 'language', language: 'en' },
    );
    const style = Object.values(passJson).find(
      (value): value is { backFields: unknown[] } =>
        typeof value === 'object' && value !== null && 'backFields' in value,
    );
    expect(style?.backFields).toContainEqual({ key: 'entries', label: 'Entries', value: '1/1' });

    const second = await scan(admin, { code: ticket.ticketSecret });
    expect(second.json()).toMatchObject({ result: 'used', entriesLeft: 0, orderItem: { entryCount: 1 } });
    expect((await item(ticket.id)).firstEntry).toEqual(counted.firstEntry);
    const recorded = await entriesOf(ticket.id);
    expect(recorded.map((entry) => entry.result)).toEqual(['accepted', 'used']);
    expect(recorded[0]).toMatchObject({
      gate: 'North gate',
      offline: false,
      code: ticket.ticketSecret,
      projectId,
    });
    expect(recorded[0].userId).toEqual(expect.any(String));
  });

  test("the pass's id or link names its ticket too; a multi-entry ticket counts down", async () => {
    const [ticket] = await buyTickets(server, shop);
    await db().updateTable('orderItem').set({ productMaxEntries: 3 }).where('id', '=', ticket.id).execute();
    const byPass = await scan(admin, { code: ticket.passId });
    expect(byPass.json()).toMatchObject({ result: 'accepted', entriesLeft: 2 });
    const byLink = await scan(admin, { code: `https://passes.example.com/p/${ticket.passId}?tag=1` });
    expect(byLink.json()).toMatchObject({ result: 'accepted', entriesLeft: 1 });
    expect((await pass(ticket.passId)).voided).toBe(false);
    expect((await pass(ticket.passId)).dynamicData).toMatchObject({ entries: '2/3' });
  });

  test('not yet valid, expired, voided and unpaid tickets are refused with their reason, nothing counted', async () => {
    const [early, late, voided] = await buyTickets(server, shop, 3);
    const day = 24 * 3600 * 1000;
    await db()
      .updateTable('orderItem')
      .set({ validFrom: new Date(Date.now() + day) })
      .where('id', '=', early.id)
      .execute();
    await db()
      .updateTable('orderItem')
      .set({ validFrom: new Date(Date.now() - 3 * day), validTo: new Date(Date.now() - day) })
      .where('id', '=', late.id)
      .execute();
    await db().updateTable('pass').set({ voided: true }).where('id', '=', voided.passId).execute();
    const unpaid = await unpaidTicket(server, shop);
    expect((await scan(admin, { code: early.ticketSecret })).json()).toMatchObject({
      result: 'notYetValid',
      entriesLeft: 1,
    });
    expect((await scan(admin, { code: late.ticketSecret })).json()).toMatchObject({ result: 'expired' });
    expect((await scan(admin, { code: voided.ticketSecret })).json()).toMatchObject({ result: 'voided' });
    expect((await scan(admin, { code: unpaid })).json()).toMatchObject({ result: 'unpaid' });
    for (const id of [early.id, late.id, voided.id, unpaid]) expect((await item(id)).entryCount).toBe(0);
  });

  test('an unknown code is answered unknown and recorded without a ticket', async () => {
    const answer = await scan(admin, { code: 'NO-SUCH-TICKET' });
    expect(answer.json()).toMatchObject({ result: 'unknown', orderItem: null, entriesLeft: null });
    const recorded = await db()
      .selectFrom('ticketEntry')
      .selectAll()
      .where('id', '=', answer.json().entryId)
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ result: 'unknown', orderItemId: null, code: 'NO-SUCH-TICKET' });
  });

  test("a ticket's barcode carries its secret: 128 random bits, its own, which the gate takes", async () => {
    const [first, second] = await buyTickets(server, shop, 2);
    for (const ticket of [first, second]) expect(ticket.ticketSecret).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.ticketSecret).not.toBe(second.ticketSecret);
    const issued = await pass(first.passId);
    expect(issued.dynamicData).toMatchObject({
      ticketSecret: first.ticketSecret,
      itemNumber: first.itemNumber,
    });
    const template = await db()
      .selectFrom('template')
      .selectAll()
      .where('id', '=', issued.templateId)
      .executeTakeFirstOrThrow();
    const { passJson, errors } = buildPassJson(
      { pass: issued, template, certificate: undefined, webServiceUrl: 'https://passes.test/wallet' },
      { kind: 'language', language: 'en' },
    );
    expect(errors).toEqual([]);
    expect(passJson.barcodes).toEqual([expect.objectContaining({ message: first.ticketSecret })]);
    expect((await scan(admin, { code: first.ticketSecret })).json()).toMatchObject({ result: 'accepted' });
  });

  test('a typed item number is taken only at a gate of its own e-shop; without one it is refused with the reason', async () => {
    const [ticket] = await buyTickets(server, shop);
    const [foreign] = await buyTickets(server, shop, 1, shop.foreign);
    const before = await entryCount();
    expectError(await scan(admin, { code: ticket.itemNumber }), 400, /choose the e-shop/);
    expect(await entryCount()).toBe(before);
    const { eshopId: foreignShop } = await db()
      .selectFrom('product')
      .select('eshopId')
      .where('id', '=', shop.foreign)
      .executeTakeFirstOrThrow();
    // another e-shop's number is no number at this gate: it names nothing here
    expect((await scan(admin, { code: ticket.itemNumber, eshopId: foreignShop })).json()).toMatchObject({
      result: 'unknown',
      orderItem: null,
    });
    expect((await scan(admin, { code: ticket.itemNumber, eshopId: shop.eshopId })).json()).toMatchObject({
      result: 'accepted',
    });
    expect((await item(ticket.id)).entryCount).toBe(1);
    // two e-shops selling the same day never share a number: each starts with its e-shop's own prefix
    const prefixes = await db()
      .selectFrom('eshop')
      .select(['id', 'orderPrefix'])
      .where('id', 'in', [shop.eshopId, foreignShop])
      .execute();
    const prefixOf = (id: string) => prefixes.find((row) => row.id === id)?.orderPrefix as string;
    expect(prefixOf(shop.eshopId)).not.toBe(prefixOf(foreignShop));
    expect(ticket.itemNumber.startsWith(prefixOf(shop.eshopId))).toBe(true);
    expect(foreign.itemNumber.startsWith(prefixOf(foreignShop))).toBe(true);
    expect(foreign.itemNumber).not.toBe(ticket.itemNumber);
  });

  test("a gate of one e-shop answers anotherEshop for another e-shop's ticket", async () => {
    const [foreign] = await buyTickets(server, shop, 1, shop.foreign);
    const answer = await scan(admin, { code: foreign.ticketSecret, eshopId: shop.eshopId });
    expect(answer.json()).toMatchObject({ result: 'anotherEshop', entriesLeft: 1 });
    expect((await item(foreign.id)).entryCount).toBe(0);
  });

  test('20 gates scanning a single-entry ticket at once let it in exactly once', async () => {
    const [ticket] = await buyTickets(server, shop);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => scan(admin, { code: ticket.ticketSecret })),
    );
    const results = answers.map((answer) => answer.json().result);
    expect(results.filter((result) => result === 'accepted')).toHaveLength(1);
    expect(results.filter((result) => result === 'used')).toHaveLength(19);
    expect((await item(ticket.id)).entryCount).toBe(1);
    expect(await entriesOf(ticket.id)).toHaveLength(20);
  });

  test("rights: TICKET_ENTRY on the ticket's project lets in; another project's ticket is unknown; no right is 403", async () => {
    const [ticket, other] = await buyTickets(server, shop, 2);
    const gate = await server.createUser();
    await server.setRights(projectId, gate.id, Right.TICKET_ENTRY);
    const stranger = await server.createUser();
    await server.setRights(
      await server.createProject(`Museum ${Math.random()}`),
      stranger.id,
      Right.TICKET_ENTRY,
    );
    const reader = await server.createUser();
    await server.setRights(projectId, reader.id, Right.TICKET_ESHOP_READ);

    expect((await scan(stranger.token, { code: ticket.ticketSecret })).json()).toMatchObject({
      result: 'unknown',
      orderItem: null,
    });
    expectError(
      await scan(stranger.token, { code: ticket.ticketSecret, eshopId: shop.eshopId }),
      400,
      /e-shop \(eshopId\) was not found/,
    );
    expectError(await scan(reader.token, { code: ticket.ticketSecret }), 403, /TICKET_ENTRY/);
    expect((await item(ticket.id)).entryCount).toBe(0);

    expect((await scan(gate.token, { code: ticket.ticketSecret })).json().result).toBe('accepted');
    expect((await scan(gate.token, { code: other.itemNumber, eshopId: shop.eshopId })).json().result).toBe(
      'accepted',
    );

    const eshops = await server.call(gate.token, { method: 'GET', url: `${T}/entry/eshop` });
    expect(eshops.json().data.map((eshop: { id: string }) => eshop.id)).toContain(shop.eshopId);
    const strangers = await server.call(stranger.token, { method: 'GET', url: `${T}/entry/eshop` });
    expect(strangers.json().data).toEqual([]);
    expect((await server.call(reader.token, { method: 'GET', url: `${T}/entry/eshop` })).statusCode).toBe(
      403,
    );

    // the Entries list: the gate reads its project's entries, the stranger none of them
    const mine = await server.call(gate.token, {
      method: 'GET',
      url: `${T}/ticketEntry?where=${encodeURIComponent(JSON.stringify({ orderItemId: ticket.id }))}`,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([expect.objectContaining({ result: 'accepted', userId: gate.id })]);
    const theirs = await server.call(stranger.token, {
      method: 'GET',
      url: `${T}/ticketEntry?where=${encodeURIComponent(JSON.stringify({ orderItemId: ticket.id }))}`,
    });
    expect(theirs.json().data).toEqual([]);
    expect((await server.call(reader.token, { method: 'GET', url: `${T}/ticketEntry` })).statusCode).toBe(
      403,
    );
    expect(
      (await server.call(admin, { method: 'POST', url: `${T}/ticketEntry`, payload: { code: 'x' } }))
        .statusCode,
    ).toBe(403);
  });

  test('an entry is read with the names its reader needs: who scanned, the e-shop, the product and item number', async () => {
    const [ticket] = await buyTickets(server, shop);
    const gate = await server.createUser();
    await server.setRights(projectId, gate.id, Right.TICKET_ENTRY);
    const { entryId } = (await scan(gate.token, { code: ticket.ticketSecret, gate: 'East' })).json();
    const user = await db()
      .selectFrom('user')
      .select('displayName')
      .where('id', '=', gate.id)
      .executeTakeFirstOrThrow();
    const eshop = await db()
      .selectFrom('eshop')
      .select('name')
      .where('id', '=', shop.eshopId)
      .executeTakeFirstOrThrow();
    const names = {
      id: entryId,
      result: 'accepted',
      userName: user.displayName,
      eshopName: eshop.name,
      productName: 'Adult',
      itemNumber: ticket.itemNumber,
    };

    // gate staff read no e-shops, yet the entry names its e-shop
    expect(
      (await server.call(gate.token, { method: 'GET', url: `${T}/ticketEshop/${shop.eshopId}` })).statusCode,
    ).not.toBe(200);
    const read = await server.call(gate.token, { method: 'GET', url: `${T}/ticketEntry/${entryId}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject(names);
    const list = await server.call(gate.token, {
      method: 'GET',
      url: `${T}/ticketEntry?where=${encodeURIComponent(JSON.stringify({ orderItemId: ticket.id }))}`,
    });
    expect(list.json().data).toEqual([expect.objectContaining(names)]);

    // an unknown code names no ticket, but still who scanned it
    const unknown = (await scan(gate.token, { code: 'nothing-like-it' })).json();
    const unknownRead = await server.call(gate.token, {
      method: 'GET',
      url: `${T}/ticketEntry/${unknown.entryId}`,
    });
    expect(unknownRead.json()).toMatchObject({
      result: 'unknown',
      userName: user.displayName,
      productName: null,
      itemNumber: null,
    });
  });

  test('offline: a signed list of the valid tickets; a sync applies queued entries once, in time order, with conflicts', async () => {
    const [ticket, twice] = await buyTickets(server, shop, 2);
    // valid since an hour ago, so that scans of minutes ago were in time
    await db()
      .updateTable('orderItem')
      .set({ validFrom: new Date(Date.now() - 3600_000) })
      .where('id', 'in', [ticket.id, twice.id])
      .execute();
    const gate = await server.createUser();
    await server.setRights(projectId, gate.id, Right.TICKET_ENTRY);
    const listed = await server.call(gate.token, {
      method: 'GET',
      url: `${T}/entry/offline?eshopId=${shop.eshopId}`,
    });
    expect(listed.statusCode).toBe(200);
    const list = listed.json();
    expect(list.signature).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(list.tickets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          orderItemId: ticket.id,
          codes: [ticket.ticketSecret, ticket.itemNumber, ticket.passId],
          productName: 'Adult',
          entriesLeft: 1,
        }),
      ]),
    );
    // used up tickets are not in the list
    const [used] = await buyTickets(server, shop);
    await scan(admin, { code: used.ticketSecret });
    const relisted = await server.call(gate.token, {
      method: 'GET',
      url: `${T}/entry/offline?eshopId=${shop.eshopId}`,
    });
    expect(relisted.json().tickets.map((t: { orderItemId: string }) => t.orderItemId)).not.toContain(used.id);

    const minute = 60_000;
    const now = Date.now();
    const queued = [
      // sent out of order: the earlier scan of `twice` counts, the later one is a conflict
      { code: twice.ticketSecret, at: new Date(now - minute).toISOString(), clientId: 'c-2' },
      { code: twice.ticketSecret, at: new Date(now - 2 * minute).toISOString(), clientId: 'c-1' },
      { code: ticket.passId, at: new Date(now - 3 * minute).toISOString(), clientId: 'c-0' },
    ];
    const sync = () =>
      server.call(gate.token, {
        method: 'POST',
        url: `${T}/entry/sync`,
        payload: { signature: list.signature, gate: 'Phone 1', entries: queued },
      });
    const first = await sync();
    expect(first.statusCode).toBe(200);
    expect(first.json().entries).toEqual([
      expect.objectContaining({ clientId: 'c-0', result: 'accepted', conflict: false, repeated: false }),
      expect.objectContaining({
        clientId: 'c-1',
        result: 'accepted',
        conflict: false,
        itemNumber: twice.itemNumber,
      }),
      expect.objectContaining({ clientId: 'c-2', result: 'used', conflict: true, productName: 'Adult' }),
    ]);
    const again = await sync();
    expect(again.json().entries).toEqual([
      expect.objectContaining({ clientId: 'c-0', result: 'accepted', repeated: true }),
      expect.objectContaining({ clientId: 'c-1', result: 'accepted', repeated: true }),
      expect.objectContaining({ clientId: 'c-2', result: 'used', conflict: true, repeated: true }),
    ]);
    expect((await item(twice.id)).entryCount).toBe(1);
    const recorded = await entriesOf(twice.id);
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({ offline: true, gate: 'Phone 1', clientId: 'c-1' });
    expect(recorded[0].at.getTime()).toBe(now - 2 * minute);
    expect((await item(twice.id)).firstEntry!.getTime()).toBe(now - 2 * minute);

    // a signature not made by this server for this user
    const forged = `${list.signature.split('.')[0]}.AAAA`;
    expectError(
      await server.call(gate.token, {
        method: 'POST',
        url: `${T}/entry/sync`,
        payload: { signature: forged, entries: queued },
      }),
      400,
      /download the list again/,
    );
    expectError(
      await server.call(admin, {
        method: 'POST',
        url: `${T}/entry/sync`,
        payload: { signature: list.signature, entries: queued },
      }),
      400,
      /download the list again/,
    );
  });

  test("a machine client's offline queue synced twice counts each entry once and answers the first result again", async () => {
    const [ticket] = await buyTickets(server, shop);
    await db()
      .updateTable('orderItem')
      .set({ validFrom: new Date(Date.now() - 3600_000) })
      .where('id', '=', ticket.id)
      .execute();
    const created = await server.call(admin, {
      method: 'POST',
      url: '/api/core/v1/apiClient',
      payload: { name: 'Turnstile 4' },
    });
    expect(created.statusCode).toBe(201);
    const client = created.json() as { id: string; clientId: string; clientSecret: string };
    const given = await server.call(admin, {
      method: 'POST',
      url: `/api/core/v1/apiClient/${client.id}/project/${projectId}/rights`,
      payload: { accessRights: Right.TICKET_ENTRY },
    });
    expect(given.statusCode).toBe(200);
    const signedIn = await server.app.inject({
      method: 'POST',
      url: '/api/core/oauth2/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      },
      payload: 'grant_type=client_credentials',
    });
    expect(signedIn.statusCode).toBe(200);
    const turnstile = signedIn.json().access_token as string;
    const list = (
      await server.call(turnstile, { method: 'GET', url: `${T}/entry/offline?eshopId=${shop.eshopId}` })
    ).json();
    const sync = () =>
      server.call(turnstile, {
        method: 'POST',
        url: `${T}/entry/sync`,
        payload: {
          signature: list.signature,
          entries: [
            { code: ticket.ticketSecret, at: new Date(Date.now() - 60_000).toISOString(), clientId: 't-1' },
          ],
        },
      });
    const first = await sync();
    expect(first.statusCode).toBe(200);
    expect(first.json().entries).toEqual([
      expect.objectContaining({ clientId: 't-1', result: 'accepted', repeated: false }),
    ]);
    // the turnstile lost the answer and sends its queue again
    const again = await sync();
    expect(again.statusCode).toBe(200);
    expect(again.json().entries).toEqual([
      expect.objectContaining({ clientId: 't-1', result: 'accepted', repeated: true }),
    ]);
    expect((await item(ticket.id)).entryCount).toBe(1);
    expect(await entriesOf(ticket.id)).toHaveLength(1);
  });

  test("offline entries count only between the signed list's download (less the clock skew) and its expiry", async () => {
    const [ticket] = await buyTickets(server, shop);
    await db()
      .updateTable('orderItem')
      .set({ validFrom: new Date(Date.now() - 48 * 3600_000) })
      .where('id', '=', ticket.id)
      .execute();
    const gate = await server.createUser();
    await server.setRights(projectId, gate.id, Right.TICKET_ENTRY);
    const list = (
      await server.call(gate.token, { method: 'GET', url: `${T}/entry/offline?eshopId=${shop.eshopId}` })
    ).json();
    expect(Date.parse(list.expiresAt) - Date.parse(list.generatedAt)).toBe(OFFLINE_LIST_HOURS * 3600_000);
    const sync = (signature: string, at: Date, clientId: string) =>
      server.call(gate.token, {
        method: 'POST',
        url: `${T}/entry/sync`,
        payload: { signature, entries: [{ code: ticket.ticketSecret, at: at.toISOString(), clientId }] },
      });
    // scanned an hour before the list was made: the list cannot have let it in
    const backdated = expectError(
      await sync(list.signature, new Date(Date.parse(list.generatedAt) - 3600_000), 'backdated'),
      400,
      /while their offline list was valid/,
    );
    expect(backdated.errors).toEqual([
      { path: '/entries/0/at', message: expect.stringMatching(/before the offline list was downloaded/) },
    ]);
    // a list made a day and a half ago expired half a day ago: a scan after that is refused
    const signer = offlineListSigner(
      secretFromEnvOrFile(server.context.config.tokenSecret, server.context.config.dataDir, 'token-secret'),
    );
    const made = Date.now() - 36 * 3600_000;
    const stale = signer.sign({
      eshopId: shop.eshopId,
      userId: gate.id,
      generatedAt: new Date(made).toISOString(),
      expiresAt: new Date(made + OFFLINE_LIST_HOURS * 3600_000).toISOString(),
      digest: 'x',
    });
    const late = expectError(await sync(stale, new Date(Date.now() - 3600_000), 'late'), 400);
    expect(late.errors).toEqual([
      { path: '/entries/0/at', message: expect.stringMatching(/after the offline list expired/) },
    ]);
    expect((await item(ticket.id)).entryCount).toBe(0);
    expect(await entriesOf(ticket.id)).toEqual([]);
    // within its window the same list counts the entry
    const inTime = await sync(stale, new Date(made + 3600_000), 'in-time');
    expect(inTime.json().entries).toEqual([expect.objectContaining({ result: 'accepted', conflict: false })]);
  });

  test('bad input is refused with a clear 400 and changes nothing', async () => {
    const [ticket] = await buyTickets(server, shop);
    const before = await entryCount();
    const refusals: Array<[unknown, RegExp]> = [
      [{ code: '' }, /code/],
      [{ code: 'x'.repeat(MAX_ENTRY_CODE_LENGTH + 1) }, /code/],
      [{ code: `${ticket.itemNumber}\u0000` }, /NUL/],
      [{ code: ticket.ticketSecret, eshopId: 'not-an-id' }, /eshopId/],
      [
        { code: ticket.ticketSecret, eshopId: '00000000-0000-4000-8000-000000000000' },
        /e-shop \(eshopId\) was not found/,
      ],
      [{}, /code/],
      [{ code: ticket.ticketSecret, extra: 1 }, /extra|additional/i],
    ];
    for (const [payload, message] of refusals) expectError(await scan(admin, payload), 400, message);
    expectError(
      await server.call(admin, { method: 'GET', url: `${T}/entry/offline?eshopId=nope` }),
      400,
      /eshopId/,
    );
    expectError(
      await server.call(admin, {
        method: 'POST',
        url: `${T}/entry/sync`,
        payload: { signature: 'x', entries: [] },
      }),
      400,
    );
    const list = (
      await server.call(admin, { method: 'GET', url: `${T}/entry/offline?eshopId=${shop.eshopId}` })
    ).json();
    expectError(
      await server.call(admin, {
        method: 'POST',
        url: `${T}/entry/sync`,
        payload: {
          signature: list.signature,
          entries: [
            { code: ticket.ticketSecret, at: new Date(Date.now() + 3600_000).toISOString(), clientId: 'f' },
          ],
        },
      }),
      400,
      /future/,
    );
    expectError(
      await server.call(admin, {
        method: 'POST',
        url: `${T}/entry/sync`,
        payload: {
          signature: list.signature,
          entries: Array.from({ length: 501 }, (_, index) => ({
            code: ticket.ticketSecret,
            at: new Date().toISOString(),
            clientId: `b-${index}`,
          })),
        },
      }),
      400,
    );
    expect(await entryCount()).toBe(before);
    expect((await item(ticket.id)).entryCount).toBe(0);
  });
});
