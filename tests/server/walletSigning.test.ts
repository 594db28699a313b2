import crypto from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { pkpassBytes, type SignedPass } from '../../server/features/passes';
import { expectError, type TestServer } from './harness';
import { coreApi, png } from './passFixtures';
import {
  aSignableTemplate,
  setUpSigningWithIcon,
  type SigningSetUp,
  startSigningTestServer,
  uploadImage,
  verifyManifestSignature,
} from './walletFixtures';

// RSA key generation and a real PGlite: a busy two-core machine needs time.
jest.setTimeout(60_000);

describe('wallet signing (pglite)', () => {
  let server: TestServer;
  let admin: string;
  let projectId: string;
  let signing: SigningSetUp;
  let iconId: string;
  const api = coreApi(() => server);

  beforeAll(async () => {
    server = await startSigningTestServer('pglite');
    admin = await server.adminToken();
    projectId = await server.createProject('Wallet');
    ({ iconId, ...signing } = await setUpSigningWithIcon(server, admin, projectId));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const newPass = async (
    templateChanges: Record<string, unknown> = {},
    pass: Record<string, unknown> = {},
  ) => {
    const template = await api.created(
      admin,
      'template',
      aSignableTemplate(projectId, signing.certificateId, { icon: iconId }, templateChanges),
    );
    const created = await api.created(admin, 'pass', {
      templateId: template.id,
      dynamicData: { name: 'Eva' },
      ...pass,
    });
    return { template, pass: created };
  };
  const unzip = (signed: SignedPass) => unzipSync(new Uint8Array(pkpassBytes(signed)));

  it('signs a pass that openssl verifies against root and WWDR, with manifest hashes of every file', async () => {
    const { pass } = await newPass();
    const signed = await server.context.passes.signedPass(pass.id);
    const files = unzip(signed);
    const output = verifyManifestSignature(files, signing.caFile);
    expect(output).toBe('');
    const manifest = JSON.parse(strFromU8(files['manifest.json'])) as Record<string, string>;
    const named = Object.keys(files)
      .filter((name) => name !== 'manifest.json' && name !== 'signature')
      .sort();
    expect(Object.keys(manifest).sort()).toEqual(named);
    for (const name of named)
      expect(manifest[name]).toBe(crypto.createHash('sha1').update(files[name]).digest('hex'));
    expect(named).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'icon@2x.png']));
  });

  it('writes pass.json with the ids of pass and certificate, web service, token, placeholders and fallbacks', async () => {
    const { pass } = await newPass(
      {
        jsonTemplate: {
          ...aSignableTemplate(projectId, signing.certificateId).jsonTemplate,
          storeCard: {
            primaryFields: [
              { key: 'name', label: 'Name', value: { type: 'string', value: '#{name}', fallback: 'Guest' } },
            ],
            secondaryFields: [
              {
                key: 'points',
                label: 'Points',
                value: { type: 'number', value: '#{points}', fallback: 0 },
                numberStyle: 'PKNumberStyleDecimal',
              },
              { key: 'tier', label: 'Tier', value: { type: 'string', value: '#{tier}', fallback: 'Basic' } },
            ],
          },
        },
      },
      { dynamicData: { name: 'Eva', points: 42 }, voided: true, expirationDate: '2031-01-02T03:04:05.000Z' },
    );
    const row = await server.context.db
      .selectFrom('pass')
      .select('authenticationToken')
      .where('id', '=', pass.id)
      .executeTakeFirstOrThrow();
    const json = JSON.parse(strFromU8(unzip(await server.context.passes.signedPass(pass.id))['pass.json']));
    expect(json).toEqual(
      expect.objectContaining({
        formatVersion: 1,
        serialNumber: pass.id,
        passTypeIdentifier: signing.passTypeId,
        teamIdentifier: signing.teamId,
        webServiceURL: 'https://passes.test/wallet',
        authenticationToken: row.authenticationToken,
        voided: true,
        expirationDate: '2031-01-02T03:04:05.000Z',
        backgroundColor: 'rgb(0, 0, 0)',
      }),
    );
    expect(row.authenticationToken.length).toBeGreaterThanOrEqual(32);
    expect(json.storeCard.primaryFields[0].value).toBe('Eva');
    expect(json.storeCard.secondaryFields[0].value).toBe(42);
    expect(json.storeCard.secondaryFields[1].value).toBe('Basic');
    expect(json.barcodes[0].message).toBe('Eva');
    expect(json.barcode).toEqual(expect.objectContaining({ format: 'PKBarcodeFormatQR', message: 'Eva' }));
  });

  it('sends the links of a link-tracking template through the redirect that counts clicks', async () => {
    const backFields = [
      {
        key: 'web',
        label: 'Web',
        value: 'Web: https://acme.example/a?b=1',
        attributedValue: '<a href="https://acme.example/a?b=1">Web</a>',
      },
    ];
    const jsonTemplate = {
      ...aSignableTemplate(projectId, signing.certificateId).jsonTemplate,
      storeCard: { backFields },
    };
    const tracked = await newPass({ jsonTemplate, trackLinks: true });
    const plain = await newPass({ jsonTemplate });
    const backField = async (passId: string) =>
      JSON.parse(strFromU8(unzip(await server.context.passes.signedPass(passId))['pass.json'])).storeCard
        .backFields[0];
    expect((await backField(tracked.pass.id)).attributedValue).toBe(
      `<a href="https://passes.test/p/${tracked.pass.id}/link?url=${encodeURIComponent('https://acme.example/a?b=1')}">Web</a>`,
    );
    expect((await backField(plain.pass.id)).attributedValue).toBe(backFields[0].attributedValue);
    const click = await server.call(undefined, {
      method: 'GET',
      url: `/p/${tracked.pass.id}/link?url=${encodeURIComponent('https://acme.example/a?b=1')}`,
    });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://acme.example/a?b=1');
  });

  it('writes pass.strings per language and a pass dynamic image over the template one, translated images in lproj', async () => {
    const templateLogo = await uploadImage(server, admin, projectId, 'logo', png(320, 100));
    const czechLogo = await uploadImage(server, admin, projectId, 'logo', png(300, 100));
    const passStrip = await uploadImage(server, admin, projectId, 'strip', png(640, 168));
    const templateStrip = await uploadImage(server, admin, projectId, 'strip', png(640, 200));
    const base = aSignableTemplate(projectId, signing.certificateId).jsonTemplate;
    const { pass } = await newPass(
      {
        languages: ['en', 'cs'],
        images: { icon: iconId, logo: { en: templateLogo, cs: czechLogo }, strip: templateStrip },
        translations: { cs: { Member: 'Člen' }, en: { Member: 'Member' } },
        jsonTemplate: {
          ...base,
          description: { en: 'Coffee card', cs: 'Kávová "karta"\nnová' },
          organizationName: 'Member',
          storeCard: {
            primaryFields: [
              {
                key: 'name',
                label: { en: 'Name', cs: 'Jméno' },
                value: { type: 'string', value: '#{name}', fallback: 'Guest' },
              },
            ],
          },
        },
      },
      { dynamicImages: { strip: passStrip } },
    );
    const files = unzip(await server.context.passes.signedPass(pass.id));
    const json = JSON.parse(strFromU8(files['pass.json']));
    const czech = strFromU8(files['cs.lproj/pass.strings']);
    expect(json.description).toBe('Coffee card');
    expect(czech).toContain('"Coffee card" = "Kávová \\"karta\\"\\nnová";');
    expect(czech).toContain('"Member" = "Člen";');
    expect(czech).toContain(`"${json.storeCard.primaryFields[0].label}" = "Jméno";`);
    expect(strFromU8(files['en.lproj/pass.strings'])).toContain('"Coffee card" = "Coffee card";');
    const stored = async (id: string) => {
      const image = await server.context.db
        .selectFrom('image')
        .select('storageKey')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return server.context.storage.get(image.storageKey);
    };
    expect(Buffer.from(files['strip@2x.png']).equals((await stored(passStrip)) as Buffer)).toBe(true);
    expect(Buffer.from(files['logo@2x.png']).equals((await stored(templateLogo)) as Buffer)).toBe(true);
    expect(Buffer.from(files['cs.lproj/logo@2x.png']).equals((await stored(czechLogo)) as Buffer)).toBe(true);

    const view = await server.context.passes.view(pass.id, 'cs');
    expect(view.language).toBe('cs');
    expect(view.passJson.description).toBe('Kávová "karta"\nnová');
    expect(view.passJson.organizationName).toBe('Člen');
    expect(view.passJson).not.toHaveProperty('authenticationToken');
    expect(view.imageIds).toEqual(
      expect.objectContaining({ logo: czechLogo, strip: passStrip, icon: iconId }),
    );
    expect((await server.context.passes.view(pass.id, 'de')).language).toBe('en');
  });

  it('serves the same bytes from its cache, and a new bundle once the pass changes', async () => {
    const { pass } = await newPass();
    const first = await server.context.passes.signedPass(pass.id);
    const started = performance.now();
    const second = await server.context.passes.signedPass(pass.id);
    expect(performance.now() - started).toBeLessThan(50);
    expect(pkpassBytes(second).equals(pkpassBytes(first))).toBe(true);
    const changed = await api.call(admin, 'PATCH', `pass/${pass.id}`, { dynamicData: { name: 'Adam' } });
    expect(changed.statusCode).toBe(200);
    const third = await server.context.passes.signedPass(pass.id);
    expect(pkpassBytes(third).equals(pkpassBytes(first))).toBe(false);
    expect(JSON.parse(strFromU8(unzip(third)['pass.json'])).storeCard.primaryFields[0].value).toBe('Adam');
  });

  it('refuses with 409 and the pre-flight messages: no certificate, a placeholder without value nor fallback', async () => {
    const template = await api.created(admin, 'template', {
      ...aSignableTemplate(projectId, signing.certificateId, { icon: iconId }),
      certificateId: null,
    });
    const pass = await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name: 'Eva' } });
    await expect(server.context.passes.signedPass(pass.id)).rejects.toMatchObject({
      statusCode: 409,
      errors: expect.arrayContaining([
        expect.objectContaining({
          path: '/certificateId',
          message: 'The template has no signing certificate.',
        }),
      ]),
    });
    // the API saves no such template: one saved before today's rules, written straight to the database
    const base = aSignableTemplate(projectId, signing.certificateId).jsonTemplate;
    const { template: older, pass: noValue } = await newPass();
    const withoutFallback = {
      ...base,
      storeCard: {
        primaryFields: [{ key: 'city', label: 'City', value: { type: 'string', value: '#{city}' } }],
      },
    };
    await server.context.db
      .updateTable('template')
      .set({ jsonTemplate: JSON.stringify(withoutFallback), updatedAt: new Date() })
      .where('id', '=', older.id)
      .execute();
    await expect(server.context.passes.signedPass(noValue.id)).rejects.toMatchObject({
      statusCode: 409,
      errors: expect.arrayContaining([
        expect.objectContaining({
          path: '/jsonTemplate/storeCard/primaryFields/0/value',
          message: "#{city} has no value in the pass's data and no fallback.",
        }),
      ]),
    });
    await expect(
      server.context.passes.signedPass('00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('answers pre-flight of templates and passes, 404 for another project, 401 without token', async () => {
    const { template, pass } = await newPass({
      jsonTemplate: {
        ...aSignableTemplate(projectId, signing.certificateId).jsonTemplate,
        barcodes: [
          {
            format: 'PKBarcodeFormatCode128',
            message: { type: 'string', value: '#{name}', fallback: 'Guest' },
            messageEncoding: 'iso-8859-1',
          },
        ],
      },
    });
    const templateCheck = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/template/${template.id}/preflight`,
    });
    expect(templateCheck.statusCode).toBe(200);
    expect(templateCheck.json().warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          message:
            'Code 128 barcodes show only on iOS 9 and later; a fallback barcode is added for older devices.',
        }),
      ]),
    );
    const passCheck = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/pass/${pass.id}/preflight`,
    });
    expect(passCheck.statusCode).toBe(200);
    expect(passCheck.json().errors).toEqual([]);
    // issued by the configured WWDR: not taken for a development certificate
    expect(JSON.stringify(passCheck.json().warnings)).not.toContain('development certificate');

    const other = await server.createProject('Other');
    const outsider = await server.createUser();
    await server.setRights(other, outsider.id, 0xffff);
    expectError(
      await server.call(outsider.token, { method: 'GET', url: `/api/core/v1/pass/${pass.id}/preflight` }),
      404,
    );
    expectError(
      await server.call(outsider.token, {
        method: 'GET',
        url: `/api/core/v1/template/${template.id}/preflight`,
      }),
      404,
    );
    expectError(
      await server.call(undefined, { method: 'GET', url: `/api/core/v1/pass/${pass.id}/preflight` }),
      401,
    );
    expectError(
      await server.call(undefined, { method: 'GET', url: `/api/core/v1/template/${template.id}/preflight` }),
      401,
    );
  });

  it('never shows the authentication token in pass API answers', async () => {
    const { pass } = await newPass();
    const row = await server.context.db
      .selectFrom('pass')
      .select('authenticationToken')
      .where('id', '=', pass.id)
      .executeTakeFirstOrThrow();
    const one = await api.call(admin, 'GET', `pass/${pass.id}`);
    const list = await api.call(admin, 'GET', 'pass');
    expect(one.statusCode).toBe(200);
    expect(list.statusCode).toBe(200);
    for (const body of [one.body, list.body]) {
      expect(body).not.toContain(row.authenticationToken);
      expect(body).not.toContain('authenticationToken');
    }
  });
});
