import crypto from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { openDatabase } from '../../server/kernel/db/database';
import { answersEventually, databaseKinds, type TestServer } from './harness';
import { coreApi, multipart } from './passFixtures';
import {
  aSignableTemplate,
  iconPng,
  setUpSigningWithIcon,
  sharedSigningChain,
  startSigningTestServer,
  uploadImage,
  verifyManifestSignature,
  type SigningSetUp,
} from './walletFixtures';

// RSA key generation and a real database: a busy two-core machine needs time.
jest.setTimeout(60_000);

describe.each(databaseKinds)('the device fetch of a changed pass (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let projectId: string;
  let signing: SigningSetUp & { iconId: string };
  const api = coreApi(() => server);

  beforeAll(async () => {
    server = await startSigningTestServer(kind);
    admin = await server.adminToken();
    projectId = await server.createProject('Device fetch');
    signing = await setUpSigningWithIcon(server, admin, projectId);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  }, 30_000);

  const newTemplate = async (images: Record<string, unknown> = { icon: signing.iconId }) =>
    (await api.created(admin, 'template', aSignableTemplate(projectId, signing.certificateId, images)))
      .id as string;
  const newPass = async (templateId: string, name: string) => {
    const id = (await api.created(admin, 'pass', { templateId, dynamicData: { name } })).id as string;
    const { authenticationToken } = await server.context.db
      .selectFrom('pass')
      .select('authenticationToken')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, token: authenticationToken };
  };
  /** GET /wallet/v1/passes/{type}/{serial} as a device after a push: its token, the date of its copy. */
  const fetchPass = async (pass: { id: string; token: string }) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/wallet/v1/passes/${signing.passTypeId}/${pass.id}`,
      headers: {
        authorization: `ApplePass ${pass.token}`,
        'if-modified-since': new Date(Date.now() - 86_400_000).toUTCString(),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    return response.rawPayload;
  };
  /** The archive's files, once checked as Wallet checks them: the signature verifies, the manifest is complete. */
  const verified = (body: Buffer) => {
    const files = unzipSync(new Uint8Array(body));
    expect(verifyManifestSignature(files, signing.caFile)).toBe('');
    const manifest = JSON.parse(strFromU8(files['manifest.json'])) as Record<string, string>;
    const named = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(named.sort());
    for (const name of named)
      expect(manifest[name]).toBe(crypto.createHash('sha1').update(files[name]).digest('hex'));
    return { files, passJson: JSON.parse(strFromU8(files['pass.json'])) as Record<string, unknown> };
  };

  it('serves each pass of a template its own signed archive, and the new content after a template change', async () => {
    const templateId = await newTemplate();
    const ann = await newPass(templateId, 'Ann');
    const bob = await newPass(templateId, 'Bob');
    const first = verified(await fetchPass(ann));
    const second = verified(await fetchPass(bob));
    expect(first.passJson.serialNumber).toBe(ann.id);
    expect(second.passJson.serialNumber).toBe(bob.id);
    expect(first.files.signature).not.toEqual(second.files.signature);
    // the template's icon is the same bytes in both
    expect(Buffer.from(first.files['icon.png'])).toEqual(iconPng());
    expect(second.files['icon@2x.png']).toEqual(first.files['icon@2x.png']);

    const patched = await api.call(admin, 'PATCH', `template/${templateId}`, {
      jsonTemplate: {
        ...aSignableTemplate(projectId, signing.certificateId).jsonTemplate,
        description: 'Redesigned card',
      },
    });
    expect(patched.statusCode).toBe(200);
    for (const pass of [ann, bob]) {
      const { passJson } = verified(await fetchPass(pass));
      expect(passJson.description).toBe('Redesigned card');
      expect(passJson.serialNumber).toBe(pass.id);
    }
  });

  it('gives the new image bytes once an image of the template is replaced or its file changes', async () => {
    const iconId = await uploadImage(server, admin, projectId, 'icon', iconPng([10, 120, 10]));
    const templateId = await newTemplate({ icon: iconId });
    const pass = await newPass(templateId, 'Cyril');
    expect(Buffer.from(verified(await fetchPass(pass)).files['icon.png'])).toEqual(iconPng([10, 120, 10]));

    // another image in the template's slot
    const blueId = await uploadImage(server, admin, projectId, 'icon', iconPng([10, 10, 220]));
    const patched = await api.call(admin, 'PATCH', `template/${templateId}`, { images: { icon: blueId } });
    expect(patched.statusCode).toBe(200);
    expect(Buffer.from(verified(await fetchPass(pass)).files['icon.png'])).toEqual(iconPng([10, 10, 220]));

    // the same image row with another file (as a replaced upload leaves it): its version moves
    const yellowId = await uploadImage(server, admin, projectId, 'icon', iconPng([230, 230, 0]));
    const yellow = await server.context.db
      .selectFrom('image')
      .select(['storageKey', 'fileSize'])
      .where('id', '=', yellowId)
      .executeTakeFirstOrThrow();
    await server.context.db
      .updateTable('image')
      .set({ storageKey: yellow.storageKey, fileSize: yellow.fileSize, updatedAt: sql`now()` })
      .where('id', '=', blueId)
      .execute();
    const { files } = verified(await fetchPass(pass));
    expect(Buffer.from(files['icon.png'])).toEqual(iconPng([230, 230, 0]));
    expect(Buffer.from(files['icon@2x.png'])).toEqual(iconPng([230, 230, 0]));
  });

  it('signs with the new certificate once the certificate is replaced', async () => {
    const templateId = await newTemplate();
    const pass = await newPass(templateId, 'Dana');
    const before = verified(await fetchPass(pass));
    const csr = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/certificate/${signing.certificateId}/csr`,
    });
    expect(csr.statusCode).toBe(200);
    const chain = await sharedSigningChain();
    const renewed = await chain.issue(csr.body, { passTypeId: signing.passTypeId, teamId: signing.teamId });
    const uploaded = await server.call(admin, {
      method: 'POST',
      url: `/api/core/v1/certificate/${signing.certificateId}/upload`,
      ...multipart({}, [{ name: 'pass.cer', type: 'application/pkix-cert', data: renewed }]),
    });
    expect(uploaded.statusCode).toBe(200);
    const after = verified(await fetchPass(pass));
    expect(Buffer.from(after.files.signature).includes(renewed)).toBe(true);
    expect(Buffer.from(before.files.signature).includes(renewed)).toBe(false);
  });

  if (kind === 'postgres')
    it("serves another process's change of the template and of an image's file on the same database", async () => {
      const templateId = await newTemplate();
      const pass = await newPass(templateId, 'Emil');
      expect(verified(await fetchPass(pass)).passJson.description).not.toBe('Changed elsewhere');
      const yellowId = await uploadImage(server, admin, projectId, 'icon', iconPng([230, 230, 0]));
      const other = await openDatabase({
        databaseUrl: server.context.config.databaseUrl,
        dataDir: server.context.config.dataDir,
      });
      try {
        await sql`update "template" set "jsonTemplate" = "jsonTemplate" || '{"description": "Changed elsewhere"}'::jsonb,
          "updatedAt" = now() where "id" = ${templateId}`.execute(other.db);
        await answersEventually(
          async () => verified(await fetchPass(pass)).passJson.description,
          'Changed elsewhere',
        );
        await sql`update "image" set ("storageKey", "fileSize", "updatedAt") =
          (select "storageKey", "fileSize", now() from "image" where "id" = ${yellowId})
          where "id" = ${signing.iconId}`.execute(other.db);
        await answersEventually(
          async () =>
            Buffer.from(verified(await fetchPass(pass)).files['icon.png']).equals(iconPng([230, 230, 0])),
          true,
        );
      } finally {
        await other.close();
      }
    });
});
