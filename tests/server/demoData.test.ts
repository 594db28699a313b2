import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { TICKET_EVENT_FIELDS, TICKET_FIELDS } from '../../domain/ticket/ticketContract';
import { ticketTemplateProblems } from '../../domain/ticket/ticketTemplateCheck';
import { createUserSchemaAjv } from '../../domain/userSchemas/userSchemaAjv';
import { buildDemoProject, type DemoSummary } from '../../server/features/demo/buildDemoProject';
import { checkPng } from '../../server/features/passes/images/pngCheck';
import { databaseKinds, startTestServer, type TestServer } from './harness';

// drawing the pictures, an RSA key and a year of events on a busy two-core machine
jest.setTimeout(120_000);

const PASSES = 40;
const DEVELOPMENT_WARNING =
  /^The signing certificate "Demo development certificate" is a development certificate \(issued by Passbase development signing, not by Apple\): .*iPhones do not accept them until a certificate issued by Apple is uploaded\.$/;

interface Template {
  id: string;
  name: string;
  certificateId: string;
  jsonTemplate: Record<string, unknown>;
  dynamicDataJsonSchema: { properties?: Record<string, { title?: string }>; required?: string[] };
  images: Record<string, string>;
}
interface Pass {
  id: string;
  templateId: string;
  dynamicData: Record<string, unknown>;
  downloads: number;
}

describe.each(databaseKinds)('npm run demo-data (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let summary: DemoSummary;
  let templates: Template[];
  let passes: Pass[];

  const get = (url: string) => server.call(admin, { method: 'GET', url });
  const listOf = async <T>(resource: string) => {
    const where = encodeURIComponent(JSON.stringify({ projectId: summary.projectId }));
    const response = await get(`/api/core/v1/${resource}?where=${where}&limit=1000`);
    expect(response.statusCode).toBe(200);
    return response.json().data as T[];
  };
  const ticketListOf = async <T>(resource: string, filter: object) => {
    const where = encodeURIComponent(JSON.stringify(filter));
    const response = await get(`/api/ticket/v1/${resource}?where=${where}&limit=1000`);
    expect(response.statusCode).toBe(200);
    return response.json().data as T[];
  };
  const unzip = (body: Buffer) => unzipSync(new Uint8Array(body));

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.adminToken();
    summary = await buildDemoProject(server.context, { passes: PASSES });
    templates = await listOf<Template>('template');
    passes = await listOf<Pass>('pass');
  }, 240_000);
  afterAll(async () => {
    await server?.close();
  });

  it('makes one template of each pass style, in colours, with a barcode and fields with placeholders', () => {
    const styles = ['boardingPass', 'coupon', 'eventTicket', 'generic', 'storeCard'];
    expect(
      templates.map((template) => styles.find((style) => style in template.jsonTemplate)).sort(),
    ).toEqual(styles);
    for (const template of templates) {
      const json = template.jsonTemplate;
      expect(json.backgroundColor).not.toBe('rgb(0,0,0)');
      expect([json.foregroundColor, json.labelColor]).not.toContain(json.backgroundColor);
      expect(Array.isArray(json.barcodes) && json.barcodes.length).toBe(1);
      // the ticket's holder is the ticket contract's
      expect(JSON.stringify(json)).toMatch(/#\{(name|holderName)\}/);
    }
    const boarding = templates.find((template) => 'boardingPass' in template.jsonTemplate) as Template;
    expect(boarding.jsonTemplate.barcodes).toEqual([
      expect.objectContaining({ format: 'PKBarcodeFormatPDF417' }),
    ]);
    expect(
      templates.filter((template) =>
        JSON.stringify(template.jsonTemplate.barcodes).includes('PKBarcodeFormatQR'),
      ),
    ).toHaveLength(4);
  });

  it('gives every template icon and logo images (and those its style shows) that pass the PNG check', async () => {
    const strips = ['coupon', 'storeCard'];
    for (const template of templates) {
      const style = Object.keys(template.jsonTemplate).find((key) =>
        ['boardingPass', 'coupon', 'eventTicket', 'generic', 'storeCard'].includes(key),
      ) as string;
      expect(Object.keys(template.images)).toEqual(expect.arrayContaining(['icon', 'logo']));
      if (strips.includes(style)) expect(template.images.strip).toBeDefined();
      if (style === 'eventTicket') expect(Object.keys(template.images)).toContain('background');
      if (style === 'boardingPass') expect(template.images.footer).toBeDefined();
      for (const imageId of Object.values(template.images)) {
        const image = await get(`/api/core/v1/image/${imageId}`);
        expect(image.statusCode).toBe(200);
        const file = await server.call(undefined, { method: 'GET', url: `/p/image/${imageId}` });
        expect(file.statusCode).toBe(200);
        expect(checkPng(file.rawPayload)).toEqual({
          usable: true,
          width: image.json().width,
          height: image.json().height,
        });
      }
    }
  });

  it('gives every template a dynamic data schema with titled properties, and every pass data it accepts', async () => {
    const made = await server.context.db
      .selectFrom('pass')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('projectId', '=', summary.projectId)
      .executeTakeFirstOrThrow();
    // a few were deleted after registering, as passes are; the e-shop's order issued two tickets more
    expect(Number(made.count)).toBe(PASSES + 2);
    expect(passes.length).toBeGreaterThan(PASSES - 5);
    for (const template of templates) {
      const schema = template.dynamicDataJsonSchema;
      const properties = Object.entries(schema.properties ?? {});
      expect(properties.length).toBeGreaterThanOrEqual(4);
      for (const [, property] of properties) expect(property.title).toEqual(expect.any(String));
      expect(schema.required?.length).toBeGreaterThanOrEqual(1);
      const validate = createUserSchemaAjv().compile(schema);
      const own = passes.filter((pass) => pass.templateId === template.id);
      expect(own.length).toBeGreaterThan(0);
      for (const pass of own) {
        expect(validate(pass.dynamicData)).toBe(true);
        expect(Object.keys(pass.dynamicData).sort()).toEqual(Object.keys(schema.properties ?? {}).sort());
      }
    }
  });

  it("sets each pass's downloads counter to its download events, all of them after the pass was created", async () => {
    const counted = await server.context.db
      .selectFrom('passEvent')
      .innerJoin('pass', 'pass.id', 'passEvent.passId')
      .select((eb) => [
        'passEvent.passId',
        eb.fn.countAll<string>().as('downloads'),
        eb.fn
          .countAll<string>()
          .filterWhere('passEvent.createdAt', '<', eb.ref('pass.createdAt'))
          .as('early'),
      ])
      .where('passEvent.projectId', '=', summary.projectId)
      .where('passEvent.type', '=', 'download')
      .groupBy('passEvent.passId')
      .execute();
    const events = new Map(counted.map((row) => [row.passId, Number(row.downloads)]));
    expect([...events.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(PASSES);
    for (const pass of passes) expect(pass.downloads).toBe(events.get(pass.id) ?? 0);
    expect(counted.every((row) => Number(row.early) === 0)).toBe(true);
    expect(summary.events).toBeGreaterThan(0);
  });

  it('lists the development certificate warning in the pre-flight of every template, and no error', async () => {
    for (const template of templates) {
      const preflight = await get(`/api/core/v1/template/${template.id}/preflight`);
      expect(preflight.statusCode).toBe(200);
      expect(preflight.json().errors).toEqual([]);
      expect(preflight.json().warnings).toEqual(
        expect.arrayContaining([
          { path: '/certificateId', message: expect.stringMatching(DEVELOPMENT_WARNING) },
        ]),
      );
    }
    const pass = await get(`/api/core/v1/pass/${passes[0].id}/preflight`);
    expect(pass.json().errors).toEqual([]);
    expect(pass.json().warnings.map((warning: { message: string }) => warning.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(DEVELOPMENT_WARNING)]),
    );
  });

  it("says on a demo pass's page that it is signed for development, and offers its file instead of Add to Apple Wallet", async () => {
    const preflight = await get(`/api/core/v1/pass/${passes[0].id}/preflight`);
    expect(preflight.json().developmentSigned).toBe(true);
    const response = await server.call(undefined, {
      method: 'GET',
      url: `/p/${passes[0].id}`,
      headers: { accept: 'text/html', 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    const english = response.body;
    expect(english).toContain(
      'This pass is signed for development only: iPhones will not accept it until its issuer uploads a certificate from Apple.',
    );
    expect(english).toMatch(
      /<a class="button download" href="\?format=pkpass" download>Download the pass file \(for inspection\)<\/a>/,
    );
    expect(english).not.toContain('Add to Apple Wallet');
    expect(english).not.toContain('cannot be added to Apple Wallet yet');
  });

  it('downloads a demo pass as a .pkpass with pass.json, manifest.json and a signature openssl verifies', async () => {
    const pass = passes.find(
      (candidate) => 'ticketNumber' in candidate.dynamicData && 'from' in candidate.dynamicData,
    ) as Pass;
    const response = await server.call(undefined, { method: 'GET', url: `/p/${pass.id}?format=pkpass` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const files = unzip(response.rawPayload);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'pass.json',
        'manifest.json',
        'signature',
        'icon.png',
        'logo.png',
        'footer.png',
      ]),
    );
    const json = JSON.parse(strFromU8(files['pass.json']));
    expect(json).toMatchObject({
      passTypeIdentifier: 'pass.dev.passbase.demo',
      teamIdentifier: 'DEVTEAM000',
      serialNumber: pass.id,
      barcodes: [{ format: 'PKBarcodeFormatPDF417', message: pass.dynamicData.ticketNumber }],
    });
    expect(json.boardingPass.primaryFields.map((field: { value: string }) => field.value)).toEqual([
      pass.dynamicData.from,
      pass.dynamicData.to,
    ]);

    const certificate = await server.context.db
      .selectFrom('certificate')
      .select('certificate')
      .where('id', '=', summary.certificateId)
      .executeTakeFirstOrThrow();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-pkpass-'));
    try {
      for (const name of ['signature', 'manifest.json'])
        fs.writeFileSync(path.join(folder, name), files[name]);
      fs.writeFileSync(path.join(folder, 'certificate.pem'), certificate.certificate as string);
      // the self-signed certificate is its own root: the chain verifies against it, and against nothing of Apple's
      execFileSync(
        'openssl',
        ['smime', '-verify', '-binary', '-inform', 'DER', '-in', path.join(folder, 'signature'), '-content']
          .concat([path.join(folder, 'manifest.json'), '-CAfile', path.join(folder, 'certificate.pem')])
          .concat(['-purpose', 'any', '-out', '/dev/null']),
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    await server.context.events.flush();
    const counted = await get(`/api/core/v1/pass/${pass.id}`);
    expect(counted.json().downloads).toBe(pass.downloads + 1);
  });

  it('keeps the development key sealed by the key vault, like an uploaded certificate, and never answers it', async () => {
    const row = await server.context.db
      .selectFrom('certificate')
      .selectAll()
      .where('id', '=', summary.certificateId)
      .executeTakeFirstOrThrow();
    expect(row.privateKey).toMatch(/^v1\./);
    expect(server.context.certificateKeys.open(row.privateKey, row.id).length).toBeGreaterThan(1000);
    const answer = await get(`/api/core/v1/certificate/${row.id}`);
    expect(answer.json()).toMatchObject({
      name: 'Demo development certificate',
      passTypeId: 'pass.dev.passbase.demo',
      teamId: 'DEVTEAM000',
      hasCertificate: true,
    });
    expect(answer.body).not.toMatch(/PRIVATE KEY|privateKey|"v1\./);
    expect(templates.every((template) => template.certificateId === row.id)).toBe(true);
  });

  it('designs the event ticket on the ticket contract: the barcode carries the ticket over its number, and products may issue it', () => {
    const ticket = templates.find((template) => 'eventTicket' in template.jsonTemplate) as Template;
    expect(ticket.jsonTemplate.barcodes).toEqual([
      expect.objectContaining({
        format: 'PKBarcodeFormatQR',
        message: expect.objectContaining({ value: '#{ticketSecret}' }),
        altText: expect.objectContaining({ value: '#{itemNumber}' }),
      }),
    ]);
    const fields = JSON.stringify(ticket.jsonTemplate.eventTicket);
    for (const placeholder of ['holderName', 'eventName', 'eventVenue', 'eventStart', 'validTo', 'entries'])
      expect(fields).toContain(`#{${placeholder}}`);
    const doors = (ticket.jsonTemplate.eventTicket as { secondaryFields: Array<Record<string, unknown>> })
      .secondaryFields[0];
    expect(doors).toMatchObject({
      value: { type: 'date', value: '#{eventStart}' },
      timeStyle: 'PKDateStyleShort',
    });
    const contract = [...Object.keys(TICKET_FIELDS), ...Object.keys(TICKET_EVENT_FIELDS)];
    expect(ticket.dynamicDataJsonSchema.required?.every((name) => contract.includes(name))).toBe(true);
    const event = { name: 'Open Air Nights', venue: 'Park', startsAt: '2030-06-21T17:00:00Z' };
    expect(ticketTemplateProblems(ticket, event)).toEqual({ errors: [] });
    // the sample tickets hold what a sold one would, their own link included
    for (const pass of passes.filter((candidate) => candidate.templateId === ticket.id))
      expect(pass.dynamicData.passUrl).toMatch(new RegExp(`/p/${pass.id}$`));
  });

  it("gives the coupon the reward's code in its barcode and its validity", () => {
    const coupon = templates.find((template) => 'coupon' in template.jsonTemplate) as Template;
    expect(coupon.jsonTemplate.barcodes).toEqual([
      expect.objectContaining({
        message: expect.objectContaining({ value: '#{rewardCode}', fallback: 'SPRING' }),
      }),
    ]);
    expect(JSON.stringify(coupon.jsonTemplate.coupon)).toMatch(/"value":"#\{validTo\}","fallback":"2026/);
  });

  it('makes a stamp card on the Coffee Club card, whose passes collect stamps for a coupon valid 30 days', async () => {
    const [card] = await listOf<{ id: string; templateId: string; countField: string }>('stampCard');
    const coffee = templates.find((template) => template.name === 'Coffee Club card');
    const coupon = templates.find((template) => template.name === 'Spring sale coupon');
    expect(card).toMatchObject({
      templateId: coffee?.id,
      rewardTemplateId: coupon?.id,
      countField: 'stamps',
      rewardValidDays: 30,
    });
    const pass = passes.find((candidate) => candidate.templateId === coffee?.id) as Pass;
    const stamped = await server.call(admin, {
      method: 'POST',
      url: `/api/core/v1/stampCard/${card.id}/stamp`,
      payload: { code: pass.dynamicData.cardNumber },
    });
    expect(stamped.statusCode).toBe(200);
    expect(stamped.json().stamps).toBe(((pass.dynamicData.stamps as number) + 1) % 10);
  });

  it("issues the card's reward as a coupon of its own code, valid 30 days, which the till tells from a card", async () => {
    const [card] = await listOf<{ id: string }>('stampCard');
    const coffee = templates.find((template) => template.name === 'Coffee Club card');
    const pass = passes.filter((candidate) => candidate.templateId === coffee?.id)[1];
    const looked = (
      await server.call(admin, {
        method: 'POST',
        url: `/api/core/v1/stampCard/${card.id}/pass`,
        payload: { passId: pass.id },
      })
    ).json();
    const rewarding = await server.call(admin, {
      method: 'POST',
      url: `/api/core/v1/stampCard/${card.id}/stamp`,
      payload: { passId: pass.id, count: looked.remaining },
    });
    expect(rewarding.json()).toMatchObject({ rewarded: true, rewardPassId: expect.any(String) });
    const reward = (await get(`/api/core/v1/pass/${rewarding.json().rewardPassId}`)).json();
    expect(reward.dynamicData).toEqual({
      name: pass.dynamicData.name,
      rewardCode: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      validFrom: expect.any(String),
      validTo: expect.any(String),
    });
    const { validFrom, validTo } = reward.dynamicData;
    expect(Date.parse(validTo) - Date.parse(validFrom)).toBe(30 * 24 * 3600 * 1000);
    expect(Date.parse(reward.expirationDate)).toBe(Date.parse(validTo));
    const scanned = await server.call(admin, {
      method: 'POST',
      url: `/api/core/v1/stampCard/${card.id}/stamp`,
      payload: { code: reward.dynamicData.rewardCode },
    });
    expect(scanned.statusCode).toBe(409);
    expect(scanned.json().message).toMatch(/^This is a reward of this stamp card, not the card/);
  });

  it('replaces the earlier demo content when run again, image files and the e-shop with its order included', async () => {
    const oldKeys = (
      await server.context.db
        .selectFrom('image')
        .select('storageKey')
        .where('projectId', '=', summary.projectId)
        .execute()
    ).map((row) => row.storageKey);
    // a ticket of the old demo used at the gate: its entry refers to the item, the item to the order and product
    const [item] = await ticketListOf<{ ticketSecret: string }>('orderItem', { eshopId: summary.eshopId });
    const entry = await server.call(admin, {
      method: 'POST',
      url: '/api/ticket/v1/entry',
      payload: { code: item.ticketSecret, eshopId: summary.eshopId },
    });
    expect(entry.json().result).toBe('accepted');
    const oldEshop = summary.eshopId;

    const again = await buildDemoProject(server.context, { passes: 10 });

    expect(again).toMatchObject({ projectId: summary.projectId, replaced: true, passes: 10 });
    summary = again;
    expect(await listOf('template')).toHaveLength(5);
    expect(await listOf('pass')).toHaveLength(12);
    expect(await listOf('image')).toHaveLength(18);
    expect(await listOf('certificate')).toHaveLength(1);
    expect(await listOf('stampCard')).toHaveLength(1);
    for (const key of oldKeys) expect(await server.context.storage.get(key)).toBeUndefined();
    expect(await ticketListOf('eshop', { projectId: summary.projectId })).toEqual([
      expect.objectContaining({ id: again.eshopId, name: 'Open Air Nights' }),
    ]);
    expect(await ticketListOf('product', { eshopId: again.eshopId })).toHaveLength(2);
    expect(await ticketListOf('order', { eshopId: again.eshopId })).toHaveLength(1);
    expect(await ticketListOf('orderItem', { eshopId: again.eshopId })).toHaveLength(2);
    const db = server.context.db;
    for (const table of ['product', 'order', 'orderItem', 'ticketEntry'] as const)
      expect(await db.selectFrom(table).select('id').where('eshopId', '=', oldEshop).execute()).toEqual([]);
    expect(await db.selectFrom('eshop').select('id').where('id', '=', oldEshop).execute()).toEqual([]);
  });
});
