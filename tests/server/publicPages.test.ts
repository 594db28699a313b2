import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { damagedPngs } from './damagedPngs';
import { MISSING_ID, coreApi, expectError, jsonTemplate, templateBody } from './passFixtures';

// Image checks and PNG rendering on a busy two-core machine.
jest.setTimeout(60_000);

/** What Chromium sends when a person opens a link. */
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** Asserts a readable page (never JSON) with the status, under the public pages' strict policy; answers its HTML. */
function expectPage(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(String(response.headers['content-security-policy'])).toContain("default-src 'none'");
  expect(response.body).toMatch(/^<!doctype html>/);
  expect(response.body).not.toContain('"statusCode"');
  expect(response.body).not.toMatch(/<script/i);
  return response.body;
}

describe.each(databaseKinds)('public links for browsers and programs (%s)', (kind) => {
  let server: TestServer;
  const api = coreApi(() => server);
  let admin: string;
  let passId: string;
  let templateId: string;
  let projectId: string;
  let icon: string;

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.call(undefined, { method: 'GET', url, headers });
  const browse = (url: string, acceptLanguage = 'en') =>
    get(url, { accept: NAVIGATION, 'accept-language': acceptLanguage });

  beforeAll(async () => {
    // the default set-up: no signing certificate (WWDR_CERT unset: Apple's bundled G4), so no pass can be signed
    server = await startTestServer(kind, { PUBLIC_URL: 'https://passes.test' });
    admin = await server.adminToken();
    projectId = await server.createProject('Public pages');
    icon = (await api.uploaded(admin, projectId, 'icon')).id as string;
    const template = await api.created(
      admin,
      'template',
      templateBody(projectId, {
        languages: ['cs', 'en'],
        images: { icon },
        distributable: true,
        dynamicDataJsonSchema: { type: 'object', properties: { name: { type: 'string' } } },
        jsonTemplate: jsonTemplate({ logoText: 'Kavárna' }),
      }),
    );
    templateId = template.id;
    passId = (await api.created(admin, 'pass', { templateId, dynamicData: { name: 'Jana' } })).id;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  }, 30_000);

  describe('the pass page when the pass cannot be signed', () => {
    it('says plainly that Apple Wallet cannot take it yet, instead of a button that would fail', async () => {
      const html = expectPage(await browse(`/p/${passId}`), 200);
      expect(html).toContain('Kavárna');
      expect(html).not.toContain('Add to Apple Wallet');
      expect(html).not.toContain('format=pkpass');
      expect(html).toContain('This pass cannot be added to Apple Wallet yet');
    });

    it("speaks the reader's language when the pass has it", async () => {
      const html = expectPage(await browse(`/p/${passId}`, 'cs-CZ,cs;q=0.9,en;q=0.8'), 200);
      expect(html).toContain('<html lang="cs">');
      expect(html).toContain('Tento pas zatím nelze přidat do Apple Wallet');
      expect(html).toContain('Naskenujte a otevřete pas v telefonu');
    });
  });

  describe('pkpass of a pass that cannot be signed (409)', () => {
    it("a browser gets a page in its language that says what to do, with a way back to the pass's page", async () => {
      const english = expectPage(await browse(`/p/${passId}?format=pkpass&tag=mail`), 409);
      expect(english).toContain('<html lang="en">');
      expect(english).toContain('<h1>This pass cannot be added to Apple Wallet yet</h1>');
      expect(english).toContain('Please try again later, or contact the issuer of the pass.');
      expect(english).toContain('<a class="button" href="?">Back to the pass</a>');
      // nothing of the server's own reasons reaches a customer
      expect(english).not.toContain('WWDR');

      const czech = expectPage(await browse(`/p/${passId}?format=pkpass`, 'cs'), 409);
      expect(czech).toContain('<html lang="cs">');
      expect(czech).toContain('<h1>Tento pas zatím nelze přidat do Apple Wallet</h1>');
      expect(czech).toContain('Zpět na pas');
    });

    it('programs keep the JSON error with the pre-flight errors, whatever else they accept', async () => {
      for (const accept of [undefined, 'application/json', '*/*', 'application/json, text/html']) {
        const response = await get(`/p/${passId}?format=pkpass`, accept ? { accept } : {});
        const error = expectError(response, 409, /^The pass cannot be signed: /);
        expect(error.errors).toContainEqual(
          expect.objectContaining({
            path: '/certificateId',
            message: 'The template has no signing certificate.',
          }),
        );
      }
    });
  });

  describe('a pass whose logo is damaged on disk (409)', () => {
    it('a browser gets a page for the pass and its PDF; programs the JSON naming the image', async () => {
      const logo = (await api.uploaded(admin, projectId, 'logo')).id as string;
      const { storageKey } = await server.context.db
        .selectFrom('image')
        .select('storageKey')
        .where('id', '=', logo)
        .executeTakeFirstOrThrow();
      const file = path.join(server.context.config.dataDir, 'files', ...storageKey.split('/'));
      fs.writeFileSync(file, Object.values(damagedPngs(320, 100))[0]);
      const template = await api.created(
        admin,
        'template',
        templateBody(projectId, { languages: ['cs', 'en'], images: { icon, logo } }),
      );
      const id = (await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name: 'Eva' } }))
        .id as string;

      const { message } = expectError(await get(`/p/${id}`), 409, /logo/);
      for (const url of [`/p/${id}`, `/p/${id}?format=pdf`]) {
        const html = expectPage(await browse(url, 'cs'), 409);
        expect(html).toContain('<h1>Tento pas teď nelze zobrazit</h1>');
        // the pass's page fails the same way: no way back that leads to this page again
        expect(html).not.toContain('Zpět na pas');
        // the server's own reason is for the issuer, not for the customer
        expect(html).not.toContain(message);
      }
    });
  });

  describe('links that lead nowhere (404)', () => {
    it('a browser gets a page, in Czech or English as it prefers', async () => {
      for (const url of ['/p/not-a-uuid', `/p/${MISSING_ID}?format=pdf`, `/p/t/${MISSING_ID}`]) {
        const html = expectPage(await browse(url), 404);
        expect(html).toContain('<h1>Pass not found</h1>');
        expect(html).toContain('Please ask its issuer for a new link.');
        expect(html).not.toContain('Back to the pass');
      }
      const czech = expectPage(await browse(`/p/${MISSING_ID}`, 'cs,en;q=0.5'), 404);
      expect(czech).toContain('<html lang="cs">');
      expect(czech).toContain('<h1>Pas nenalezen</h1>');
    });

    it('programs get the JSON 404 as before', async () => {
      expectError(await get(`/p/${MISSING_ID}`), 404, 'Pass was not found.');
      expectError(await get(`/p/${MISSING_ID}`, { accept: 'application/json' }), 404, 'Pass was not found.');
      expectError(await get(`/p/t/${MISSING_ID}`, { accept: '*/*' }), 404, 'Template was not found.');
    });

    it("a tracked link's refusal is a page too", async () => {
      const url = `/p/${passId}/link?url=${encodeURIComponent('https://elsewhere.example')}`;
      expect(expectPage(await browse(url), 404)).toContain('<h1>');
      expectError(await get(url), 404);
    });
  });

  describe('an address the link does not understand (400)', () => {
    it('a browser gets a page that never repeats what was sent; programs the JSON naming the formats', async () => {
      const url = `/p/${passId}?format=${encodeURIComponent('<script>alert(1)</script>')}`;
      const html = expectPage(await browse(url), 400);
      expect(html).toContain('<h1>This link is not valid</h1>');
      expect(html).not.toContain('alert(1)');
      const error = expectError(await get(`/p/${passId}?format=docx`), 400, /Unknown format "docx"/);
      expect(error.message).toContain('pkpass');
    });
  });

  describe('the QR code of a pass link', () => {
    it('is an opaque white PNG with a 4-module quiet zone that a decoder reads back as the link', async () => {
      const response = await get(`/p/${passId}?format=qrcode`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const png = PNG.sync.read(response.rawPayload);

      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded?.data).toBe(`https://passes.test/p/${passId}`);

      const pixel = (x: number, y: number) =>
        Array.from(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4));
      const dark = (x: number, y: number) => pixel(x, y)[0] < 128;
      const transparent = png.data.filter((_, index) => index % 4 === 3 && png.data[index] !== 255);
      expect(transparent.length).toBe(0);
      // the top-left finder pattern: its first dark row starts the code, 7 modules wide
      const top = Array.from({ length: png.height }, (_, y) => y).find((y) =>
        Array.from({ length: png.width }, (_, x) => x).some((x) => dark(x, y)),
      ) as number;
      const left = Array.from({ length: png.width }, (_, x) => x).find((x) => dark(x, top)) as number;
      let finder = 0;
      while (dark(left + finder, top)) finder++;
      const module = finder / 7;
      expect(Number.isInteger(module)).toBe(true);
      expect(left / module).toBeGreaterThanOrEqual(4);
      expect(top / module).toBeGreaterThanOrEqual(4);
      expect(pixel(0, 0)).toEqual([255, 255, 255, 255]);
      expect(pixel(png.width - 1, png.height - 1)).toEqual([255, 255, 255, 255]);
    });
  });
});

describe('the public rate limit, for browsers and programs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { PUBLIC_RATE_LIMIT: '2' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 with Retry-After: a page that asks to wait for a browser, the JSON error for a program', async () => {
    const address = { remoteAddress: '10.0.0.7' };
    for (let i = 0; i < 2; i++)
      expect((await server.app.inject({ url: '/p/icon.png', ...address })).statusCode).toBe(200);
    const page = await server.app.inject({
      url: `/p/${MISSING_ID}`,
      headers: { accept: NAVIGATION, 'accept-language': 'cs' },
      ...address,
    });
    const html = expectPage(page, 429);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(html).toContain('<h1>Příliš mnoho požadavků</h1>');
    expect(html).toContain('Zkusit znovu');
    const json = await server.app.inject({ url: `/p/${MISSING_ID}`, ...address });
    expectError(json, 429);
    expect(Number(json.headers['retry-after'])).toBeGreaterThan(0);
  });
});
