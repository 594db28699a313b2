import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { checkPng } from '../../server/features/passes/images/pngCheck';
import { databaseKinds, expectError, type TestServer } from './harness';
import { damagedPngs, interlacedPng, noisyPng } from './damagedPngs';
import { coreApi } from './passFixtures';
import {
  aSignableTemplate,
  setUpSigningWithIcon,
  startSigningTestServer,
  uploadImage,
} from './walletFixtures';

// Signing and PDF rendering on a busy two-core machine.
jest.setTimeout(60_000);

const DAMAGED_LOGOS = damagedPngs(320, 100);
const DAMAGED_UPLOAD = /^Damaged file logo\.png: .+, please use a valid png\.$/;
const DAMAGED_LOGO = /^The logo image is damaged \(.+\): upload it again\.$/;

describe.each(databaseKinds)('image safety (%s)', (kind) => {
  let server: TestServer;
  const api = coreApi(() => server);
  let admin: string;
  let projectId: string;
  let certificateId: string;
  let iconId: string;

  const get = (url: string, token?: string) => server.call(token, { method: 'GET', url });
  const storedFiles = () => {
    const dir = path.join(server.context.config.dataDir, 'files', 'image');
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };
  /** Overwrites an image's stored file, as a file uploaded before the check or damaged on disk would be. */
  const damageOnDisk = async (imageId: string, bytes: Buffer) => {
    const { storageKey } = await server.context.db
      .selectFrom('image')
      .select('storageKey')
      .where('id', '=', imageId)
      .executeTakeFirstOrThrow();
    fs.writeFileSync(path.join(server.context.config.dataDir, 'files', ...storageKey.split('/')), bytes);
  };
  /** A signable template with the icon and this logo, and a pass of it. */
  const passWithLogo = async (logoId: string) => {
    const body = aSignableTemplate(projectId, certificateId, { icon: iconId, logo: logoId });
    const templateId = (await api.created(admin, 'template', body)).id as string;
    const passId = (await api.created(admin, 'pass', { templateId, dynamicData: { name: 'Eva' } }))
      .id as string;
    return { templateId, passId };
  };
  const expectStillAnswering = async () => {
    expect((await get('/api/core/v1/project', admin)).statusCode).toBe(200);
  };

  beforeAll(async () => {
    server = await startSigningTestServer(kind, { RENDER_CONCURRENCY: '2', PUBLIC_RATE_LIMIT: '0' });
    admin = await server.adminToken();
    projectId = await server.createProject('Image safety');
    ({ certificateId, iconId } = await setUpSigningWithIcon(server, admin, projectId));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  }, 30_000);

  describe('upload', () => {
    it.each(Object.keys(DAMAGED_LOGOS))(
      'refuses a PNG with a valid header and %s: 400 naming the file, nothing stored',
      async (damage) => {
        const [rows, files] = [await api.count('image'), storedFiles()];
        const response = await api.upload(admin, { projectId, type: 'logo', name: 'Logo' }, [
          { name: 'logo.png', data: DAMAGED_LOGOS[damage] },
        ]);
        const error = expectError(response, 400, DAMAGED_UPLOAD);
        expect(error.errors).toEqual([{ path: '/file', message: error.message }]);
        expect([await api.count('image'), storedFiles()]).toEqual([rows, files]);
      },
    );

    it('says what is wrong with the file in words', async () => {
      const upload = (damage: string) =>
        api.upload(admin, { projectId, type: 'logo' }, [{ name: 'logo.png', data: DAMAGED_LOGOS[damage] }]);
      expectError(await upload('a wrong CRC'), 400, /the checksum \(CRC\) of its IDAT chunk is wrong/);
      expectError(await upload('image data cut short'), 400, /its image data is cut short/);
      expectError(
        await upload('a bomb (64 MB of zeros behind a small header)'),
        400,
        /its image data inflates to more than the 128100 bytes its size needs/,
      );
    });

    it('refuses absurd dimensions from the header, before reading any pixel', async () => {
      const huge = Buffer.from(noisyPng(2, 2));
      huge.writeUInt32BE(100_000, 16);
      huge.writeUInt32BE(100_000, 20);
      const [rows, files] = [await api.count('image'), storedFiles()];
      const response = await api.upload(admin, { projectId, type: 'background' }, [
        { name: 'huge.png', data: huge },
      ]);
      expectError(response, 400, /does not fit a background/);
      expect([await api.count('image'), storedFiles()]).toEqual([rows, files]);
    });

    it('accepts real PNGs: noisy ones of the largest type, and interlaced ones, which print in the PDF', async () => {
      await uploadImage(server, admin, projectId, 'background', noisyPng(360, 440));
      const logoId = await uploadImage(server, admin, projectId, 'logo', interlacedPng(320, 100));
      const { passId } = await passWithLogo(logoId);
      const pdf = await get(`/p/${passId}?format=pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((await get(`/p/${passId}?format=pkpass`)).statusCode).toBe(200);
    });
  });

  describe('an image damaged on disk (or uploaded before the check)', () => {
    it.each([
      'garbage image data',
      'cut short in the middle of a chunk',
      'a bomb (64 MB of zeros behind a small header)',
    ])(
      'with %s fails the PDF, pkpass, page and image link with 409, and the server answers the next request',
      async (damage) => {
        const logoId = await uploadImage(server, admin, projectId, 'logo', noisyPng(320, 100, 3));
        const { passId } = await passWithLogo(logoId);
        await damageOnDisk(logoId, DAMAGED_LOGOS[damage]);

        expectError(await get(`/p/${passId}?format=pdf`), 409, DAMAGED_LOGO);
        await expectStillAnswering();
        const pkpass = expectError(
          await get(`/p/${passId}?format=pkpass`),
          409,
          /^The pass cannot be signed: /,
        );
        expect(pkpass.errors).toContainEqual({
          path: '/images/logo',
          message: expect.stringMatching(DAMAGED_LOGO),
        });
        await expectStillAnswering();
        expectError(await get(`/p/${passId}`), 409, DAMAGED_LOGO);
        expectError(await get(`/p/image/${logoId}`), 409, DAMAGED_LOGO);
        await expectStillAnswering();
      },
    );

    it('is named by the pass and template pre-flight', async () => {
      const logoId = await uploadImage(server, admin, projectId, 'logo', noisyPng(320, 100, 4));
      const { passId, templateId } = await passWithLogo(logoId);
      await damageOnDisk(logoId, DAMAGED_LOGOS['garbage image data']);
      for (const url of [
        `/api/core/v1/pass/${passId}/preflight`,
        `/api/core/v1/template/${templateId}/preflight`,
      ]) {
        const response = await get(url, admin);
        expect(response.statusCode).toBe(200);
        expect(response.json().errors).toContainEqual({
          path: '/images/logo',
          message:
            'The logo image is damaged (its image data is not valid compressed data): upload it again.',
        });
      }
    });

    it('is found when it is a valid PNG of another size than the one recorded at upload', async () => {
      const logoId = await uploadImage(server, admin, projectId, 'logo', noisyPng(320, 100, 5));
      const { passId } = await passWithLogo(logoId);
      await damageOnDisk(logoId, noisyPng(1000, 100));
      expectError(
        await get(`/p/${passId}?format=pdf`),
        409,
        'The logo image is damaged (its file is 1000 x 100 px, not the 320 x 100 px recorded at upload): upload it again.',
      );
    });

    it('becomes usable again when a good file is put back', async () => {
      const good = noisyPng(320, 100, 6);
      const logoId = await uploadImage(server, admin, projectId, 'logo', good);
      const { passId } = await passWithLogo(logoId);
      await damageOnDisk(logoId, DAMAGED_LOGOS['garbage image data']);
      expect((await get(`/p/${passId}?format=pdf`)).statusCode).toBe(409);
      await damageOnDisk(logoId, good);
      expect((await get(`/p/${passId}?format=pdf`)).statusCode).toBe(200);
    });
  });

  describe('rendering', () => {
    it('decodes a stored image once, not on every request that uses it', async () => {
      // bytes of their own on each database: the verdicts are kept for the whole process
      const logoId = await uploadImage(server, admin, projectId, 'logo', noisyPng(320, 100, kind.length * 8));
      const { passId } = await passWithLogo(logoId);
      const decode = jest.spyOn(PNG.sync, 'read');
      try {
        expect((await get(`/p/${passId}?format=pdf`)).statusCode).toBe(200);
        const afterFirst = decode.mock.calls.length;
        expect(afterFirst).toBeGreaterThan(0);
        for (let index = 0; index < 3; index++)
          expect((await get(`/p/${passId}?format=pdf`)).statusCode).toBe(200);
        expect((await get(`/p/${passId}`)).statusCode).toBe(200);
        expect((await get(`/p/image/${logoId}`)).statusCode).toBe(200);
        expect(decode.mock.calls.length).toBe(afterFirst);
      } finally {
        decode.mockRestore();
      }
    });

    it('answers 20 concurrent PDF and pkpass requests beyond RENDER_CONCURRENCY, each in full', async () => {
      const logoId = await uploadImage(server, admin, projectId, 'logo', noisyPng(320, 100, 9));
      const passes = await Promise.all(Array.from({ length: 4 }, () => passWithLogo(logoId)));
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          get(`/p/${passes[index % 4].passId}?format=${index % 2 ? 'pdf' : 'pkpass'}`),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
      for (const [index, answer] of answers.entries())
        expect(answer.rawPayload.subarray(0, 4).toString('latin1')).toBe(
          index % 2 ? '%PDF' : 'PK\u0003\u0004',
        );
    });

    it("serves the product's icon as a PNG that passes the same check", async () => {
      const response = await get('/p/icon.png');
      expect(response.statusCode).toBe(200);
      expect(checkPng(response.rawPayload)).toEqual({ usable: true, width: 96, height: 96 });
    });
  });
});
