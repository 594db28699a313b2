import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseKinds, startTestServer, type TestServer } from './harness';

describe('serving the console', () => {
  let server: TestServer;
  const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-console-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(consoleDir, 'assets'));
    fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(consoleDir, 'assets', 'app-1234.js'), 'console.log(1)');
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
});
