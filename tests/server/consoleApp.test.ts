import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { databaseKinds, startTestServer, type TestServer } from './harness';

const BIG_SCRIPT = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `'row ${i}'`).join(', ')}];\n`;

describe('serving the console', () => {
  let server: TestServer;
  const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-console-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(consoleDir, 'assets'));
    fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(consoleDir, 'assets', 'app-1234.js'), 'console.log(1)');
    // a build's compressed copies (scripts/compressAssets.mjs)
    fs.writeFileSync(path.join(consoleDir, 'assets', 'big-5678.js'), BIG_SCRIPT);
    fs.writeFileSync(path.join(consoleDir, 'assets', 'big-5678.js.br'), zlib.brotliCompressSync(BIG_SCRIPT));
    fs.writeFileSync(path.join(consoleDir, 'assets', 'big-5678.js.gz'), zlib.gzipSync(BIG_SCRIPT));
    server = await startTestServer(databaseKinds[0], { CONSOLE_DIR: consoleDir });
  }, 30_000);
  afterAll(async () => {
    await server.close();
    fs.rmSync(consoleDir, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html') =>
    server.call(undefined, { method: 'GET', url, headers: { accept } });

  it('answers index.html for every console route, /api/endpoints included', async () => {
    for (const url of [
      '/',
      '/login',
      '/identity/project/7f1c6a4e-3a43-4c7e-9a55-1c9a2b1e0d11',
      '/api/endpoints',
      '/error/404',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>console</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers index.html at / to any client, with no Accept header or one without HTML', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }]) {
      const response = await server.call(undefined, { method: 'GET', url: '/', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>console</title>');
      expect(response.headers['content-security-policy']).toEqual(expect.any(String));
    }
    expect((await server.call(undefined, { method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it("serves the product's icon as the favicon", async () => {
    for (const url of ['/favicon.png', '/favicon.ico']) {
      const response = await get(url, 'image/avif,image/webp,image/png,*/*;q=0.8');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
  });

  it('serves built assets with a long cache and nosniff', async () => {
    const response = await get('/assets/app-1234.js', '*/*');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/immutable/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps API paths and non-HTML requests as JSON 404', async () => {
    for (const [url, accept] of [
      ['/api/nothing', 'text/html'],
      ['/p', 'text/html'],
      ['/identity/project', 'application/json'],
    ]) {
      const response = await get(url, accept);
      expect(response.statusCode).toBe(404);
      expect(response.json().statusCode).toBe(404);
    }
  });

  describe('compressed assets', () => {
    const script = (acceptEncoding?: string) =>
      server.call(undefined, {
        method: 'GET',
        url: '/assets/big-5678.js',
        headers: {
          accept: '*/*',
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        },
      });
    const expectCachedScript = (response: Awaited<ReturnType<typeof script>>) => {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    };

    it('answers brotli to a client that accepts it, as browsers do', async () => {
      const response = await script('gzip, deflate, br, zstd');
      expectCachedScript(response);
      expect(response.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(BIG_SCRIPT);
      expect(response.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 3);
    });

    it('answers gzip to a client that accepts gzip but not brotli', async () => {
      const response = await script('gzip');
      expectCachedScript(response);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(BIG_SCRIPT);
    });

    it('answers the file itself to a client that accepts neither', async () => {
      for (const acceptEncoding of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
        const response = await script(acceptEncoding);
        expectCachedScript(response);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body).toBe(BIG_SCRIPT);
      }
    });

    it('answers the file itself when the build wrote no compressed copy', async () => {
      const response = await server.call(undefined, {
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: { accept: '*/*', 'accept-encoding': 'gzip, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe('console.log(1)');
      expect(response.headers['cache-control']).toMatch(/immutable/);
    });

    it('keeps index.html uncached whatever the client accepts', async () => {
      for (const acceptEncoding of ['gzip, br', 'identity']) {
        const response = await server.call(undefined, {
          method: 'GET',
          url: '/passes/pass',
          headers: { accept: 'text/html', 'accept-encoding': acceptEncoding },
        });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<title>console</title>');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    });
  });
});
