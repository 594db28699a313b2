import { solidPng } from '../pngFiles';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { MISSING_ID, coreApi, expectError } from './passFixtures';
import {
  aSignableTemplate,
  setUpSigningWithIcon,
  startSigningTestServer,
  uploadImage,
} from './walletFixtures';

// Signing, PDF and PNG rendering on a busy two-core machine.
jest.setTimeout(60_000);

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const PNG_SIGNATURE = '89504e470d0a1a0a';
const HOSTILE_NAME = '<script>x</script>';

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (body: Buffer) => ({ width: body.readUInt32BE(16), height: body.readUInt32BE(20) });

describe.each(databaseKinds)('public pass links (%s)', (kind) => {
  let server: TestServer;
  const api = coreApi(() => server);
  let admin: string;
  let projectId: string;
  let templateId: string;
  let passId: string;
  let logoId: string;

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.call(undefined, { method: 'GET', url, headers: { 'user-agent': DESKTOP, ...headers } });
  /** The pass's events, once those recorded after the answers are written. */
  const eventsOf = async (passId: string) => {
    await server.context.events.flush();
    return server.context.db
      .selectFrom('passEvent')
      .select(['type', 'format', 'tag', 'client', 'templateId', 'projectId'])
      .where('passId', '=', passId)
      .orderBy('createdAt')
      .execute();
  };
  const newPass = async (dynamicData: Record<string, unknown> = { name: 'Jane' }) =>
    (await api.created(admin, 'pass', { templateId, dynamicData })).id as string;

  beforeAll(async () => {
    server = await startSigningTestServer(kind);
    admin = await server.adminToken();
    projectId = await server.createProject('Distribution');
    const { certificateId, iconId } = await setUpSigningWithIcon(server, admin, projectId);
    logoId = await uploadImage(server, admin, projectId, 'logo', solidPng(320, 100, [20, 90, 200]));
    const body = aSignableTemplate(projectId, certificateId, { icon: iconId, logo: logoId });
    const jsonTemplate = {
      ...body.jsonTemplate,
      logoText: 'Acme & Co',
      backgroundColor: 'rgb(20,40,60)',
      barcodes: [{ ...body.jsonTemplate.barcodes[0], altText: 'Scan at the till' }],
    };
    templateId = (await api.created(admin, 'template', { ...body, jsonTemplate })).id;
    passId = await newPass({ name: HOSTILE_NAME });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  }, 30_000);

  describe('the pass page', () => {
    it('shows the card with every value escaped, under a strict Content-Security-Policy', async () => {
      const response = await get(`/p/${passId}?tag=spring-sale`, { 'user-agent': IPHONE });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("default-src 'none'");
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toMatch(/script-src/);
      const html = response.body;
      expect(html).not.toContain(HOSTILE_NAME);
      expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain('Acme &amp; Co');
      expect(html).toMatch(/--background:rgb\(20, ?40, ?60\)/);
      expect(html).toContain(`src="image/${logoId}"`);
      expect(html).toContain('Scan at the till');
      expect(html).toContain('Add to Apple Wallet');
      expect(html).toContain('href="?format=pkpass&amp;tag=spring-sale"');
      expect(html).not.toContain('Add to Google Wallet');
      // the pass's barcode and the QR code of the link, both inline SVG
      expect(html.match(/<svg /g)).toHaveLength(2);
      expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    });

    it('records a preview with the tag and the client class', async () => {
      const id = await newPass();
      await get(`/p/${id}?tag=spring-sale`, { 'user-agent': IPHONE });
      await get(`/p/${id}?tag=${encodeURIComponent('<bad tag>')}`, { 'user-agent': 'curl/8.0' });
      expect(await eventsOf(id)).toEqual([
        { type: 'preview', format: null, tag: 'spring-sale', client: 'ios', templateId, projectId },
        { type: 'preview', format: null, tag: null, client: 'other', templateId, projectId },
      ]);
    });

    it('says so when the pass is voided', async () => {
      const id = await newPass();
      const voided = await api.call(admin, 'PATCH', `pass/${id}`, { voided: true });
      expect(voided.statusCode).toBe(200);
      const response = await get(`/p/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('This pass is voided');
    });
  });

  describe('formats', () => {
    it('pkpass: the signed archive as an attachment, counted as a download', async () => {
      const id = await newPass();
      const response = await get(`/p/${id}?format=pkpass&tag=console`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pkpass"/);
      expect(response.headers['last-modified']).toEqual(expect.any(String));
      expect(response.headers.etag).toEqual(expect.any(String));
      expect(response.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
      await server.context.events.flush();
      expect((await api.call(admin, 'GET', `pass/${id}`)).json().downloads).toBe(1);
      expect(await eventsOf(id)).toEqual([
        { type: 'download', format: 'pkpass', tag: 'console', client: 'desktop', templateId, projectId },
      ]);

      const again = await get(`/p/${id}?format=pkpass`, { 'if-none-match': String(response.headers.etag) });
      expect(again.statusCode).toBe(304);
      await server.context.events.flush();
      expect((await api.call(admin, 'GET', `pass/${id}`)).json().downloads).toBe(1);
    });

    it('pdf: a printable PDF with the barcode and logo images', async () => {
      const response = await get(`/p/${passId}?format=pdf&tag=print`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^inline; filename=".+\.pdf"/);
      const pdf = response.rawPayload.toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      // the logo and the barcode drawn by bwip-js
      expect(pdf.match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(2);
      const events = await eventsOf(passId);
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'download', format: 'pdf', tag: 'print' }),
      );
    });

    it('pdf: A6 on request', async () => {
      const response = await get(`/p/${passId}?format=pdf&paper=a6`);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 297\.6\d* 419\.5\d*\]/);
    });

    it('qrcode: a PNG of the pass link, counted as a preview', async () => {
      const id = await newPass();
      const response = await get(`/p/${id}?format=qrcode`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
      const { width, height } = pngSize(response.rawPayload);
      expect(width).toBe(height);
      expect(width).toBeGreaterThan(100);
      expect(await eventsOf(id)).toEqual([expect.objectContaining({ type: 'preview', format: 'qrcode' })]);
    });

    it('savetogooglepayjwt: redirects to the Save to Google Wallet link', async () => {
      const real = server.context.googleWallet;
      server.context.googleWallet = {
        saveLink: async (id) => ({
          jwt: `jwt-of-${id}`,
          url: `https://pay.google.com/gp/v/save/jwt-of-${id}`,
        }),
      };
      try {
        const id = await newPass();
        const response = await get(`/p/${id}?format=savetogooglepayjwt&tag=mail`);
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe(`https://pay.google.com/gp/v/save/jwt-of-${id}`);
        expect(await eventsOf(id)).toEqual([
          expect.objectContaining({ type: 'download', format: 'savetogooglepayjwt', tag: 'mail' }),
        ]);
      } finally {
        server.context.googleWallet = real;
      }
    });

    it('answers 400 for any other format', async () => {
      const error = expectError(await get(`/p/${passId}?format=docx`), 400, /Unknown format "docx"/);
      expect(error.message).toContain('pkpass');
    });
  });

  describe('passes that cannot be served', () => {
    it('answers 404 for an id that is not a UUID, an unknown pass and a deleted one', async () => {
      expectError(await get('/p/not-a-uuid'), 404);
      expectError(await get(`/p/${MISSING_ID}?format=pkpass`), 404);
      const id = await newPass();
      expect((await api.call(admin, 'DELETE', `pass/${id}`)).statusCode).toBeLessThan(300);
      expectError(await get(`/p/${id}`), 404);
      expectError(await get(`/p/${id}?format=pdf`), 404);
      expect(await eventsOf(id)).toEqual([]);
    });
  });

  describe('the product icon', () => {
    it('is a PNG', async () => {
      const response = await get('/p/icon.png');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
      expect(pngSize(response.rawPayload)).toEqual({ width: 96, height: 96 });
    });
  });

  describe('distributable templates', () => {
    const OPTIONAL_NAME = { type: 'object', properties: { name: { type: 'string' } } };
    const distributableTemplate = async (changes: Record<string, unknown>) => {
      const body = aSignableTemplate(projectId, (await templateRow()).certificateId as string, {}, changes);
      return (await api.created(admin, 'template', body)).id as string;
    };
    const templateRow = async () => (await api.call(admin, 'GET', `template/${templateId}`)).json();
    const passesOf = (id: string) =>
      server.context.db.selectFrom('pass').selectAll().where('templateId', '=', id).execute();

    it('shows a page with a button and creates nothing on GET; POST hands out a pass (303)', async () => {
      const id = await distributableTemplate({ distributable: true, dynamicDataJsonSchema: OPTIONAL_NAME });
      const page = await get(`/p/t/${id}?tag=poster`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toContain("form-action 'self'");
      expect(page.body).toContain('<form method="post">');
      expect(page.body).toContain('Get your pass');
      expect(await passesOf(id)).toHaveLength(0);

      const created = await server.call(undefined, { method: 'POST', url: `/p/t/${id}?tag=poster` });
      expect(created.statusCode).toBe(303);
      const location = String(created.headers.location);
      expect(location).toMatch(/^\.\.\/[0-9a-f-]{36}$/);
      const newPassId = location.slice(3);
      const passes = await passesOf(id);
      expect(passes).toHaveLength(1);
      expect(passes[0]).toMatchObject({ id: newPassId, projectId, dynamicData: {}, voided: false });
      expect((await get(new URL(location, `http://localhost/p/t/${id}`).pathname)).statusCode).toBe(200);
      await server.context.events.flush();
      const events = await server.context.db
        .selectFrom('passEvent')
        .select(['passId', 'type', 'tag'])
        .where('templateId', '=', id)
        .orderBy('createdAt')
        .execute();
      expect(events[0]).toEqual({ passId: null, type: 'preview', tag: 'poster' });
      expect(events[1]).toEqual({ passId: newPassId, type: 'preview', tag: 'poster' });
    });

    it('answers a QR code of the template link', async () => {
      const id = await distributableTemplate({ distributable: true, dynamicDataJsonSchema: OPTIONAL_NAME });
      const response = await get(`/p/t/${id}?format=qrcode`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
      expectError(await get(`/p/t/${id}?format=pkpass`), 400, /Unknown format/);
    });

    it('answers a 400 page when the template needs data that the link cannot give', async () => {
      const id = await distributableTemplate({ distributable: true });
      const response = await server.call(undefined, { method: 'POST', url: `/p/t/${id}` });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('This pass cannot be handed out');
      expect(await passesOf(id)).toHaveLength(0);
    });

    it('answers 404 for templates that are not distributable, unknown or not UUIDs', async () => {
      expectError(await get(`/p/t/${templateId}`), 404);
      expectError(await server.call(undefined, { method: 'POST', url: `/p/t/${templateId}` }), 404);
      expectError(await get(`/p/t/${MISSING_ID}`), 404);
      expectError(await get('/p/t/nope'), 404);
    });
  });
});

describe('public rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { PUBLIC_RATE_LIMIT: '3' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 with Retry-After past PUBLIC_RATE_LIMIT requests a minute from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await server.app.inject('/p/icon.png')).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await server.app.inject('/p/icon.png');
    expectError(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another address keeps its own budget; the console API is not limited by it
    expect((await server.app.inject({ url: '/p/icon.png', remoteAddress: '10.0.0.9' })).statusCode).toBe(200);
    expect((await server.app.inject('/config.json')).statusCode).toBe(200);
  });
});
