import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { defaultDynamicDataJsonSchema, defaultJsonTemplate } from '../../domain/template/defaults';
import { databaseKinds, describeOnEachDatabase, startTestServer, type TestServer } from './harness';

/** A Content-Security-Policy as directive name -> its sources. */
function directivesOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** What every answer of the server carries, whatever it is. */
function expectFramingAndSniffingRefused(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(directivesOf(response).get('frame-ancestors')).toEqual(["'none'"]);
}

describe.each(databaseKinds)('security headers of a deployment behind https (%s)', (kind) => {
  let server: TestServer;
  const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-console-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(consoleDir, 'assets'));
    fs.writeFileSync(
      path.join(consoleDir, 'index.html'),
      '<!doctype html><title>console</title><script type="module" src="/assets/app-1234.js"></script>',
    );
    fs.writeFileSync(path.join(consoleDir, 'assets', 'app-1234.js'), 'console.log(1)');
    server = await startTestServer(kind, {
      CONSOLE_DIR: consoleDir,
      PUBLIC_URL: 'https://passes.example.com',
      CORE_API_BASE: 'https://api.example.com/api/core',
      PASS_BASE: 'https://get.example.com/p',
      MAP_TILE_URL: 'http://{s}.tiles.example.net:8081/{z}/{x}/{y}.png',
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(consoleDir, { recursive: true, force: true });
  }, 30_000);

  const get = (url: string, accept = 'text/html', token?: string) =>
    server.call(token, { method: 'GET', url, headers: { accept } });

  it('serves the console under a policy that runs scripts only from the server itself, never inline', async () => {
    for (const response of [
      await get('/'),
      await get('/passes/template'),
      await get('/assets/app-1234.js', '*/*'),
    ]) {
      expect(response.statusCode).toBe(200);
      const policy = directivesOf(response);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expectFramingAndSniffingRefused(response);
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it("lets the console call the configured absolute API and distribution bases, and show the map's tiles", async () => {
    const policy = directivesOf(await get('/'));
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'https://get.example.com',
    ]);
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https:',
      'http://*.tiles.example.net:8081',
      'https://api.example.com',
      'https://get.example.com',
    ]);
  });

  it('asks browsers to come back only over https when PUBLIC_URL is https', async () => {
    for (const response of [
      await get('/'),
      await get('/config.json', 'application/json'),
      await get('/api/docs'),
    ])
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('sends API answers, successes and failures alike, with framing refused, nosniff and no referrer', async () => {
    const token = await server.adminToken();
    const answers = [
      await get('/api/core/v1/user/me', 'application/json', token),
      await get('/api/core/v1/user/me', 'application/json'),
      await get('/api/core/v1/pass?page=0', 'application/json', token),
      await get('/api/nothing', 'application/json'),
      await get('/config.json', 'application/json'),
      await server.call(undefined, {
        method: 'POST',
        url: '/api/core/auth/login',
        payload: { email: 'x', password: 'y' },
      }),
      await server.call(undefined, { method: 'GET', url: '/wallet/v1/passes/pass.example/none' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 400, 404, 200, 401, 400]);
    for (const answer of answers) {
      expectFramingAndSniffingRefused(answer);
      expect(directivesOf(answer).size).toBe(1);
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it("keeps the public pass page's own strict policy", async () => {
    const token = await server.adminToken();
    const projectId = await server.createProject('Headers');
    const template = await server.call(token, {
      method: 'POST',
      url: '/api/core/v1/template',
      payload: {
        name: 'Card',
        projectId,
        languages: ['en'],
        jsonTemplate: defaultJsonTemplate(),
        dynamicDataJsonSchema: defaultDynamicDataJsonSchema(),
      },
    });
    const pass = await server.call(token, {
      method: 'POST',
      url: '/api/core/v1/pass',
      payload: { templateId: template.json().id },
    });
    const page = await get(`/p/${pass.json().id}`);
    expect(page.statusCode).toBe(200);
    const policy = directivesOf(page);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual([expect.stringMatching(/^'nonce-[\w+/=]+'$/)]);
    expect(policy.has('script-src')).toBe(false);
    expectFramingAndSniffingRefused(page);
  });

  it('serves the API reference under its own policy: its scripts and styles from the server, none inline', async () => {
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    const policy = directivesOf(page);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expectFramingAndSniffingRefused(page);
    const scripts = page.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toMatch(/\ssrc="[^"]+"/);
    const description = await get('/api/docs/json', 'application/json');
    expect(description.statusCode).toBe(200);
    expect(directivesOf(description).get('script-src')).toEqual(["'self'"]);
  });
});

describeOnEachDatabase('security headers of a deployment over plain http', (server) => {
  it('sends no HSTS, which browsers would ignore over http anyway', async () => {
    const config = await server().call(undefined, { method: 'GET', url: '/config.json' });
    expect(config.statusCode).toBe(200);
    expect(config.headers['strict-transport-security']).toBeUndefined();
    expectFramingAndSniffingRefused(config);
  });

  it('gives the console its policy even before it is built', async () => {
    const note = await server().call(undefined, {
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html' },
    });
    expect(note.body).toMatch(/The console is not built/);
    expect(directivesOf(note).get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
    expect(note.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
