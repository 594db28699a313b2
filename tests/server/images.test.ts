import fs from 'node:fs';
import path from 'node:path';
import { Right } from '../../domain/rights';
import { IMAGE_MAX_BYTES } from '../../domain/template/limits';
import { describeOnEachDatabase } from './harness';
import {
  GIF,
  GOOD_SIZES,
  MISSING_ID,
  coreApi,
  expectError,
  multipart,
  png,
  pngHeaderOnly,
  type FilePart,
} from './passFixtures';

// Each test makes users (Argon2 hashing) and several calls; a busy two-core machine needs more than 5 s.
jest.setTimeout(30_000);

describeOnEachDatabase('images', (server) => {
  const api = coreApi(server);
  let admin: string;
  let projectA: string;
  let projectB: string;

  beforeAll(async () => {
    admin = await server().adminToken();
    projectA = await server().createProject('Images A');
    projectB = await server().createProject('Images B');
  });

  const storedFiles = () => {
    const dir = path.join(server().context.config.dataDir, 'files', 'image');
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };

  /** An upload that must fail: the error body, after checking that no row and no file were stored. */
  const refusedUpload = async (
    status: number,
    message: string | RegExp,
    fields: Record<string, string>,
    files: FilePart[],
    token = admin,
  ) => {
    const [rows, files_] = [await api.count('image'), storedFiles()];
    const error = expectError(await api.upload(token, fields, files), status, message);
    expect([await api.count('image'), storedFiles()]).toEqual([rows, files_]);
    return error;
  };

  const userWith = async (rights: number) => {
    const user = await server().createUser();
    await server().setRights(projectA, user.id, rights);
    return user.token;
  };

  describe('upload', () => {
    it('stores a PNG of each type at a valid size and answers the image with its public url', async () => {
      for (const [type, [width, height]] of Object.entries(GOOD_SIZES)) {
        const data = png(width, height);
        const response = await api.upload(admin, { projectId: projectA, type, name: `My ${type}` }, [
          { name: `${type}.png`, data },
        ]);
        expect(response.statusCode).toBe(201);
        const image = response.json();
        expect(image).toEqual({
          id: expect.any(String),
          name: `My ${type}`,
          projectId: projectA,
          type,
          url: `/p/image/${image.id}`,
          mimeType: 'image/png',
          width,
          height,
          fileSize: data.length,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          deletedAt: null,
        });
        const file = await server().call(undefined, { method: 'GET', url: image.url });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(data)).toBe(true);
      }
    });

    it('names the image after its file when no name, or an empty one, is given', async () => {
      for (const fields of [{}, { name: '  ' }] as Array<Record<string, string>>) {
        const response = await api.upload(admin, { projectId: projectA, type: 'icon', ...fields }, [
          { name: 'app-icon.png', data: png(58, 58) },
        ]);
        expect(response.json().name).toBe('app-icon.png');
      }
    });

    it('takes the sizes at the edges of each rule', async () => {
      for (const [type, width, height] of [
        ['strip', 640, 168],
        ['strip', 640, 246],
        ['thumbnail', 180, 180],
        ['thumbnail', 120, 180],
        ['logo', 1, 100],
        ['background', 1, 1],
        ['venueMap', 640, 480],
        ['primaryLogo', 1, 1],
      ] as const) {
        const response = await api.upload(admin, { projectId: projectA, type }, [
          { name: 'edge.png', data: png(width, height) },
        ]);
        expect({ type, width, height, status: response.statusCode }).toEqual({
          type,
          width,
          height,
          status: 201,
        });
      }
    });

    it('refuses a 58x57 icon, stating expected and current values', async () => {
      const error = await refusedUpload(400, /does not fit a icon/, { projectId: projectA, type: 'icon' }, [
        { name: 'icon.png', data: png(58, 57) },
      ]);
      expect(error.errors).toEqual([
        { path: '/file', message: 'Height must be exactly 58 px, current value is 57 px.' },
      ]);
    });

    it('refuses sizes just past each rule', async () => {
      for (const [type, width, height, message] of [
        ['strip', 640, 167, 'Height must be from 168 to 246 px, current value is 167 px.'],
        ['strip', 640, 247, 'Height must be from 168 to 246 px, current value is 247 px.'],
        ['strip', 639, 200, 'Width must be exactly 640 px, current value is 639 px.'],
        ['thumbnail', 180, 119, 'Shorter side must be from 120 to 180 px, current value is 119 px.'],
        ['thumbnail', 181, 150, 'Longer side must be exactly 180 px, current value is 181 px.'],
        ['logo', 321, 100, 'Width must be at most 320 px, current value is 321 px.'],
        ['background', 360, 441, 'Height must be at most 440 px, current value is 441 px.'],
        ['footer', 572, 31, 'Height must be exactly 30 px, current value is 31 px.'],
        ['artwork', 716, 895, 'Height must be exactly 896 px, current value is 895 px.'],
        ['secondaryLogo', 271, 60, 'Width must be at most 270 px, current value is 271 px.'],
        ['primaryLogo', 252, 81, 'Height must be at most 80 px, current value is 81 px.'],
        ['venueMap', 1501, 1000, 'Width must be from 640 to 1500 px, current value is 1501 px.'],
      ] as const) {
        const error = await refusedUpload(400, /does not fit/, { projectId: projectA, type }, [
          { name: 'x.png', data: png(width, height) },
        ]);
        expect(error.errors).toEqual([{ path: '/file', message }]);
      }
    });

    it('refuses a PNG declaring 100000x100000 from its header alone', async () => {
      const error = await refusedUpload(
        400,
        /does not fit a background/,
        { projectId: projectA, type: 'background' },
        [{ name: 'bomb.png', data: pngHeaderOnly(100000, 100000) }],
      );
      expect(error.errors).toEqual([
        { path: '/file', message: 'Width must be at most 360 px, current value is 100000 px.' },
        { path: '/file', message: 'Height must be at most 440 px, current value is 100000 px.' },
      ]);
    });

    it('refuses a GIF renamed .png, and any other file that is not a PNG, by its content', async () => {
      await refusedUpload(
        400,
        'Unsupported file format image/gif of file anim.png, please use png.',
        { projectId: projectA, type: 'icon' },
        [{ name: 'anim.png', type: 'image/png', data: GIF }],
      );
      await refusedUpload(
        400,
        'Unsupported file format text/plain of file notes.txt, please use png.',
        { projectId: projectA, type: 'icon' },
        [{ name: 'notes.txt', type: 'text/plain', data: Buffer.from('not an image') }],
      );
      await refusedUpload(
        400,
        'Unsupported file format application/octet-stream of file fake.png, please use png.',
        { projectId: projectA, type: 'icon' },
        [
          {
            name: 'fake.png',
            type: 'image/png',
            data: Buffer.from('\x89PNG but not really a PNG file at all'),
          },
        ],
      );
    });

    it(`takes a file of exactly ${IMAGE_MAX_BYTES} bytes and answers 413 for one byte more, or 3 MB`, async () => {
      const exact = png(58, 58, { totalBytes: IMAGE_MAX_BYTES });
      expect(exact.length).toBe(IMAGE_MAX_BYTES);
      const accepted = await api.upload(admin, { projectId: projectA, type: 'icon' }, [
        { name: 'big.png', data: exact },
      ]);
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json().fileSize).toBe(IMAGE_MAX_BYTES);
      for (const size of [IMAGE_MAX_BYTES + 1, 3 * 1024 * 1024]) {
        await refusedUpload(413, /larger than 2 MB/, { projectId: projectA, type: 'icon' }, [
          { name: 'huge.png', data: png(58, 58, { totalBytes: size }) },
        ]);
      }
    });

    it('takes one file at a time and needs one', async () => {
      const icon = { name: 'icon.png', data: png(58, 58) };
      await refusedUpload(400, 'Upload one file at a time.', { projectId: projectA, type: 'icon' }, [
        icon,
        icon,
      ]);
      const none = await refusedUpload(400, 'Please select file', { projectId: projectA, type: 'icon' }, []);
      expect(none.errors).toEqual([{ path: '/file', message: 'Please select file' }]);
      await refusedUpload(400, 'Please select file', { projectId: projectA, type: 'icon' }, [
        { name: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
      ]);
      await refusedUpload(
        400,
        'Send the file in the field named "file".',
        { projectId: projectA, type: 'icon' },
        [{ ...icon, field: 'image' }],
      );
    });

    it('needs a project and a known type', async () => {
      const icon = [{ name: 'icon.png', data: png(58, 58) }];
      const missing = await refusedUpload(400, 'Invalid data', {}, icon);
      expect(missing.errors?.map((error) => error.path).sort()).toEqual(['projectId', 'type']);
      const unknown = await refusedUpload(400, 'Invalid data', { projectId: projectA, type: 'banner' }, icon);
      expect(unknown.errors?.[0].path).toBe('type');
      await refusedUpload(400, 'The project was not found.', { projectId: MISSING_ID, type: 'icon' }, icon);
    });

    it('refuses a JSON body and a batch creation: images come as multipart', async () => {
      expectError(
        await api.call(admin, 'POST', 'image', { projectId: projectA, type: 'icon' }),
        400,
        /multipart\/form-data/,
      );
      const batch = await api.call(admin, 'POST', 'image/batch', [{ method: 'POST', data: { name: 'x' } }]);
      expect(batch.json()[0].status.code).toBe(400);
    });

    it('asks for a token', async () => {
      const response = await server().call(undefined, {
        method: 'POST',
        url: '/api/core/v1/image',
        ...multipart({ projectId: projectA, type: 'icon' }, [{ name: 'icon.png', data: png(58, 58) }]),
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('public file', () => {
    it('is served as image/png with nosniff and a long cache, without sign-in', async () => {
      const image = await api.uploaded(admin, projectA, 'icon');
      const response = await server().call(undefined, { method: 'GET', url: `/p/image/${image.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toMatch(/max-age=31536000/);
    });

    it('answers 404 for an unknown, malformed or deleted image', async () => {
      const image = await api.uploaded(admin, projectA, 'icon');
      expect((await api.call(admin, 'DELETE', `image/${image.id}`)).statusCode).toBe(200);
      for (const id of [MISSING_ID, 'not-an-id', image.id]) {
        const response = await server().call(undefined, { method: 'GET', url: `/p/image/${id}` });
        expectError(response, 404, 'Image was not found.');
      }
    });
  });

  describe('edit and delete', () => {
    it('renames an image; its file, type and project stay', async () => {
      const image = await api.uploaded(admin, projectA, 'logo');
      const response = await api.call(admin, 'PUT', `image/${image.id}`, {
        ...image,
        name: ' Brand ',
        type: 'icon',
        projectId: projectB,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...image, name: 'Brand', updatedAt: expect.any(String) });
      expectError(await api.call(admin, 'PATCH', `image/${image.id}`, { name: '   ' }), 400);
    });

    it('deletes softly: 200, then 404', async () => {
      const image = await api.uploaded(admin, projectA, 'logo');
      expect((await api.call(admin, 'DELETE', `image/${image.id}`)).statusCode).toBe(200);
      expectError(await api.call(admin, 'GET', `image/${image.id}`), 404);
      expectError(await api.call(admin, 'DELETE', `image/${image.id}`), 404);
    });
  });

  describe('rights', () => {
    let image: { id: string };
    beforeAll(async () => {
      image = await api.uploaded(admin, projectA, 'logo');
    });

    it('lets IMAGE_MANAGE upload, list, rename and delete', async () => {
      const manager = await userWith(Right.IMAGE_MANAGE);
      const own = await api.uploaded(manager, projectA, 'icon');
      const listed = await api.call(
        manager,
        'GET',
        `image?where=${encodeURIComponent(JSON.stringify({ id: image.id }))}`,
      );
      expect(listed.json().data.map((row: { id: string }) => row.id)).toEqual([image.id]);
      expect((await api.call(manager, 'PATCH', `image/${own.id}`, { name: 'Renamed' })).json().name).toBe(
        'Renamed',
      );
      expect((await api.call(manager, 'DELETE', `image/${own.id}`)).statusCode).toBe(200);
    });

    it('lets any template right read images, and nothing more', async () => {
      for (const right of [
        Right.TEMPLATE_READ,
        Right.TEMPLATE_CREATE,
        Right.TEMPLATE_UPDATE,
        Right.TEMPLATE_DELETE,
      ]) {
        const templateUser = await userWith(right);
        expect((await api.call(templateUser, 'GET', `image/${image.id}`)).statusCode).toBe(200);
        expect((await api.call(templateUser, 'GET', 'image')).statusCode).toBe(200);
        await refusedUpload(
          403,
          /IMAGE_MANAGE/,
          { projectId: projectA, type: 'icon' },
          [{ name: 'i.png', data: png(58, 58) }],
          templateUser,
        );
        expectError(
          await api.call(templateUser, 'PATCH', `image/${image.id}`, { name: 'x' }),
          403,
          /IMAGE_MANAGE/,
        );
        expectError(await api.call(templateUser, 'DELETE', `image/${image.id}`), 403, /IMAGE_MANAGE/);
      }
    });

    it('answers 403 to a list and 404 by id without any image or template right', async () => {
      const passUser = await userWith(Right.PASS_READ | Right.PASS_CREATE);
      expectError(await api.call(passUser, 'GET', 'image'), 403);
      expectError(await api.call(passUser, 'GET', `image/${image.id}`), 404);
    });
  });

  describe('list', () => {
    it('filters by project, type and name', async () => {
      const project = await server().createProject('Image list');
      await api.uploaded(admin, project, 'logo', 'Brand logo');
      await api.uploaded(admin, project, 'icon', 'Brand icon');
      await api.uploaded(admin, project, 'strip', 'Summer strip');
      const list = async (where: Record<string, unknown>) => {
        const response = await server().call(admin, {
          method: 'GET',
          url: '/api/core/v1/image',
          query: { where: JSON.stringify({ projectId: project, ...where }), orderBy: 'name' },
        });
        expect(response.statusCode).toBe(200);
        return response.json().data.map((row: { name: string }) => row.name);
      };
      expect(await list({})).toEqual(['Brand icon', 'Brand logo', 'Summer strip']);
      expect(await list({ type: 'icon' })).toEqual(['Brand icon']);
      expect(await list({ type: { $in: ['logo', 'strip'] } })).toEqual(['Brand logo', 'Summer strip']);
      expect(await list({ name: { $like: 'brand' } })).toEqual(['Brand icon', 'Brand logo']);
    });
  });
});
