import { Right } from '../../domain/rights';
import { RESOURCES } from '../../domain/resources';
import { czechNotFound } from '../../server/kernel/http/czechMessages';
import { createShop } from './checkoutFixtures';
import { unpaidTicket } from './gateFixtures';
import { describeOnEachDatabase } from './harness';
import { GIF, MISSING_ID, coreApi, jsonTemplate, multipart, templateBody } from './passFixtures';

// Each test makes users (Argon2 hashing) and several calls; a busy two-core machine needs more than 5 s.
jest.setTimeout(30_000);

describeOnEachDatabase("the API's messages in the language the console asks for", (server) => {
  const api = coreApi(server);
  let admin: string;
  let project: string;
  let template: { id: string };
  let pass: { id: string };

  beforeAll(async () => {
    admin = await server().adminToken();
    project = await server().createProject('Messages');
    template = await api.created(admin, 'template', templateBody(project));
    pass = await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name: 'Jana' } });
  });

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    language: string | undefined,
    payload?: object,
  ) =>
    server().call(token, {
      method,
      url: `/api/core/v1/${path}`,
      headers: language ? { 'accept-language': language } : {},
      ...(payload ? { payload } : {}),
    });

  const reader = async () => {
    const user = await server().createUser();
    await server().setRights(project, user.id, Right.PASS_READ);
    return user.token;
  };

  it('refuses a write without the right in Czech, and in English by default or when English is asked', async () => {
    const token = await reader();
    const czech = await call(token, 'PATCH', `pass/${pass.id}`, 'cs', { voided: true });
    expect(czech.statusCode).toBe(403);
    expect(czech.json().message).toBe(
      'Úprava pasu vyžaduje právo PASS_UPDATE na projektu, do kterého patří.',
    );
    const czechCreate = await call(token, 'POST', 'pass', 'cs-CZ,cs;q=0.9,en;q=0.8', {
      templateId: template.id,
      dynamicData: { name: 'J' },
    });
    expect(czechCreate.json().message).toBe(
      'Vytvoření pasu vyžaduje právo PASS_CREATE na projektu příslušné šablony.',
    );
    const czechDelete = await call(token, 'DELETE', `pass/${pass.id}`, 'cs');
    expect(czechDelete.json().message).toBe(
      'Smazání pasu vyžaduje právo PASS_DELETE na projektu, do kterého patří.',
    );
    for (const language of [undefined, 'en', 'de', 'en-GB,cs;q=0.5']) {
      const english = await call(token, 'PATCH', `pass/${pass.id}`, language, { voided: true });
      expect(english.json().message).toBe('Editing a pass needs the PASS_UPDATE right on its project.');
    }
  });

  it('says in Czech that a row was not found, by its gender', async () => {
    const pass404 = await call(admin, 'GET', `pass/${MISSING_ID}`, 'cs');
    expect(pass404.statusCode).toBe(404);
    expect(pass404.json().message).toBe('Pas nebyl nalezen.');
    expect((await call(admin, 'GET', `template/${MISSING_ID}`, 'cs')).json().message).toBe(
      'Šablona nebyla nalezena.',
    );
    expect((await call(admin, 'GET', `pass/${MISSING_ID}`, undefined)).json().message).toBe(
      'Pass was not found.',
    );
  });

  it('describes the problems of a write body in Czech, the summary and each field', async () => {
    const response = await call(admin, 'POST', 'project', 'cs', { name: '   ', colour: 'red' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toMatch(/^Neplatný požadavek: /);
    expect(body.message).toContain('"name" nesmí být prázdné');
    expect(body.message).toContain('"colour" není známé pole');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'nesmí být prázdné' },
        { path: 'colour', message: 'není známé pole' },
      ]),
    );
    const english = (await call(admin, 'POST', 'project', undefined, { name: '   ' })).json();
    expect(english.errors).toEqual([{ path: 'name', message: 'must not be empty' }]);
  });

  it("refuses dynamic data that does not match the template's schema in Czech, on the field", async () => {
    const response = await call(admin, 'PATCH', `pass/${pass.id}`, 'cs', { dynamicData: { points: -1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Dynamická data neodpovídají šabloně',
      errors: [{ path: '/dynamicData/points', message: 'musí být alespoň 0' }],
    });
  });

  it('answers a refusal with no Czech words in English rather than not at all', async () => {
    const response = await call(admin, 'POST', 'order', 'cs', {});
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().message).toBe('string');
  });

  it('refuses an invoice of an unpaid order and a too high entry count in Czech (the back office)', async () => {
    const shop = await createShop(server());
    const itemId = await unpaidTicket(server(), shop);
    const { orderId, orderNumber } = await server()
      .context.db.selectFrom('orderItem')
      .innerJoin('order', 'order.id', 'orderItem.orderId')
      .select(['order.id as orderId', 'order.orderNumber as orderNumber'])
      .where('orderItem.id', '=', itemId)
      .executeTakeFirstOrThrow();
    const ticket = (method: 'GET' | 'PATCH', path: string, language: string | undefined, payload?: object) =>
      server().call(admin, {
        method,
        url: `/api/ticket/v1/${path}`,
        headers: language ? { 'accept-language': language } : {},
        ...(payload ? { payload } : {}),
      });
    const invoice = await ticket('GET', `order/${orderId}/invoice`, 'cs');
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json().message).toBe(
      `Faktura existuje jen pro zaplacenou objednávku; objednávka ${orderNumber} je ve stavu pending.`,
    );
    expect((await ticket('GET', `order/${orderId}/invoice`, undefined)).json().message).toBe(
      `An invoice exists only for a paid order; order ${orderNumber} is pending.`,
    );
    const entries = await ticket('PATCH', `orderItem/${itemId}`, 'cs', { entryCount: 99 });
    expect(entries.statusCode).toBe(400);
    expect(entries.json()).toMatchObject({
      message: expect.stringMatching(/^entryCount musí být mezi 0 a maxEntries \(\d+\)\.$/),
      errors: [{ path: '/entryCount', message: expect.stringMatching(/^musí být mezi 0 a maxEntries/) }],
    });
  });

  it('refuses the ticket gate and the stamp till without their rights in Czech', async () => {
    const token = await reader();
    const gate = await server().call(token, {
      method: 'POST',
      url: '/api/ticket/v1/entry',
      headers: { 'accept-language': 'cs' },
      payload: { code: '9012345678' },
    });
    expect(gate.statusCode).toBe(403);
    expect(gate.json().message).toBe(
      'Kontrola vstupenek na vstupu vyžaduje právo TICKET_ENTRY na jejich projektu.',
    );
    const till = await call(token, 'POST', `stampCard/${MISSING_ID}/stamp`, 'cs', { passId: pass.id });
    expect(till.statusCode).toBe(403);
    expect(till.json().message).toBe('Razítkování vyžaduje právo STAMP_MANAGE na projektu věrnostní karty.');
    expect(
      (await call(token, 'POST', `stampCard/${MISSING_ID}/stamp`, 'en', { passId: pass.id })).json().message,
    ).toBe("Stamping needs the STAMP_MANAGE right on the stamp card's project.");
  });

  it('refuses an image that is not a PNG in Czech, on the field', async () => {
    const upload = multipart({ projectId: project, type: 'icon' }, [
      { name: 'anim.png', type: 'image/png', data: GIF },
    ]);
    const image = await server().call(admin, {
      method: 'POST',
      url: '/api/core/v1/image',
      payload: upload.payload,
      headers: { ...upload.headers, 'accept-language': 'cs' },
    });
    expect(image.statusCode).toBe(400);
    expect(image.json()).toMatchObject({
      message: 'Nepodporovaný formát image/gif souboru anim.png, použijte prosím PNG.',
      errors: [
        { path: '/file', message: 'Nepodporovaný formát image/gif souboru anim.png, použijte prosím PNG.' },
      ],
    });
  });

  it('refuses a list filter with a value that is not an id in Czech, as the report filter sends it', async () => {
    const where = encodeURIComponent(JSON.stringify({ templateId: 'abc' }));
    const czech = await call(admin, 'GET', `pass?where=${where}`, 'cs');
    expect(czech.statusCode).toBe(400);
    expect(czech.json()).toMatchObject({
      message: '"templateId" očekává id (UUID), přišlo: "abc".',
      errors: [{ path: 'where', message: '"templateId" očekává id (UUID), přišlo: "abc".' }],
    });
    expect((await call(admin, 'GET', `pass?where=${where}`, undefined)).json().message).toBe(
      '"templateId" expects an id (UUID), got "abc".',
    );
  });

  it('refuses a template with problems in Czech, on each field, and in English by default', async () => {
    const body = templateBody(project, {
      languages: ['en', 'de'],
      jsonTemplate: jsonTemplate({ organizationName: ' ', description: { en: 'Card' } }),
    });
    const czech = await call(admin, 'POST', 'template', 'cs', body);
    expect(czech.statusCode).toBe(400);
    expect(czech.json()).toMatchObject({ message: 'Šablona není platná' });
    expect(czech.json().errors).toEqual(
      expect.arrayContaining([
        { path: '/jsonTemplate/organizationName', message: 'Vyplňte prosím hodnotu' },
        { path: '/jsonTemplate/description/de', message: 'Chybí překlad: němčina' },
      ]),
    );
    const english = (await call(admin, 'POST', 'template', undefined, body)).json();
    expect(english.errors).toEqual(
      expect.arrayContaining([
        { path: '/jsonTemplate/organizationName', message: 'Please fill value' },
        { path: '/jsonTemplate/description/de', message: 'Missing translation for German' },
      ]),
    );
  });

  it("answers a template's and a pass's pre-flight in Czech when asked", async () => {
    const czech = await call(admin, 'GET', `template/${template.id}/preflight`, 'cs');
    expect(czech.statusCode).toBe(200);
    expect(czech.json().errors).toContainEqual({
      path: '/certificateId',
      message: 'Šablona nemá podpisový certifikát.',
    });
    expect(czech.json().errors).toContainEqual({
      path: '/images/icon',
      message: 'Pas potřebuje obrázek ikony.',
    });
    const passCheck = await call(admin, 'GET', `pass/${pass.id}/preflight`, 'cs');
    expect(passCheck.json().errors).toContainEqual({
      path: '/certificateId',
      message: 'Šablona nemá podpisový certifikát.',
    });
    const english = await call(admin, 'GET', `template/${template.id}/preflight`, 'en');
    expect(english.json().errors).toContainEqual({
      path: '/certificateId',
      message: 'The template has no signing certificate.',
    });
  });

  it('says in Czech that a pass cannot be signed (409 of its pkpass)', async () => {
    const download = (language: string | undefined) =>
      server().call(undefined, {
        method: 'GET',
        url: `/p/${pass.id}?format=pkpass`,
        headers: { accept: 'application/json', ...(language ? { 'accept-language': language } : {}) },
      });
    const czech = await download('cs');
    expect(czech.statusCode).toBe(409);
    expect(czech.json().message).toMatch(/^Pas nelze podepsat: .*Šablona nemá podpisový certifikát\./);
    expect(czech.json().errors).toContainEqual({
      path: '/certificateId',
      message: 'Šablona nemá podpisový certifikát.',
    });
    const english = await download(undefined);
    expect(english.json().message).toMatch(
      /^The pass cannot be signed: .*The template has no signing certificate\./,
    );
  });

  it('says in Czech that Google Wallet is not configured (503), in English when English is asked', async () => {
    const czech = await call(admin, 'GET', `pass/${pass.id}/savetogooglepay`, 'cs');
    expect(czech.statusCode).toBe(503);
    expect(czech.json().message).toBe('Google Wallet není nastaven (GOOGLE_WALLET_SERVICE_ACCOUNT).');
    const english = await call(admin, 'GET', `pass/${pass.id}/savetogooglepay`, 'en');
    expect(english.statusCode).toBe(503);
    expect(english.json().message).toBe('Google Wallet is not configured (GOOGLE_WALLET_SERVICE_ACCOUNT).');
  });

  it('has a Czech noun for every resource', () => {
    const unnamed = RESOURCES.filter((resource) => czechNotFound(resource.name) === 'Záznam nebyl nalezen.');
    expect(unnamed.map((resource) => resource.name)).toEqual([]);
    expect(czechNotFound('job')).toBe('Úloha na pozadí nebyla nalezena.');
    expect(czechNotFound('entry')).toBe('Vstup nebyl nalezen.');
  });
});
