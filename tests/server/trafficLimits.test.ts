import net from 'node:net';
import { GUESS_LIMITS } from '../../server/kernel/auth/guessThrottle';
import { loadConfig } from '../../server/kernel/config';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness';

jest.setTimeout(60_000);

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';

describe('TRUST_PROXY names the proxies, never "any"', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  test('unset or false trusts nobody; a number trusts that many proxies; a list trusts those addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.2, 10.1.0.0/16,fd00::/8')).toEqual(['10.0.0.2', '10.1.0.0/16', 'fd00::/8']);
  });

  test('true, zero, a name or a range too wide are refused at start, saying what to set', () => {
    expect(() => trust('true')).toThrow(
      /TRUST_PROXY=true would trust whatever address a client writes.*TRUST_PROXY=1/,
    );
    expect(() => trust('0')).toThrow(/between 1 and 32/);
    expect(() => trust('proxy.local')).toThrow(/"proxy.local" is no address or range/);
    expect(() => trust('10.0.0.0/33')).toThrow(/no address or range/);
  });
});

describe.each(databaseKinds)('behind a proxy that appends the client (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: '1' });
  }, 60_000);
  afterAll(() => server?.close(), 30_000);

  test('a client that writes its own X-Forwarded-For is still throttled as the address the proxy saw', async () => {
    const guess = (attempt: number) =>
      server.call(undefined, {
        method: 'POST',
        url: '/api/core/auth/login',
        payload: { email: ADMIN.email, password: `guess ${attempt}` },
        remoteAddress: PROXY,
        // the client's own header, then the address the proxy appended
        headers: { 'x-forwarded-for': `198.51.100.${attempt % 250}, ${CLIENT}` },
      });
    const answers: number[] = [];
    for (let attempt = 0; attempt <= GUESS_LIMITS.perAccountAndAddress + 2; attempt += 1)
      answers.push((await guess(attempt)).statusCode);
    expect(answers.slice(0, GUESS_LIMITS.perAccountAndAddress)).toEqual(
      Array(GUESS_LIMITS.perAccountAndAddress).fill(401),
    );
    expect(answers.slice(GUESS_LIMITS.perAccountAndAddress)).toEqual([429, 429, 429]);
    // the administrator signing in from elsewhere is not locked out
    const elsewhere = await server.call(undefined, {
      method: 'POST',
      url: '/api/core/auth/login',
      payload: ADMIN,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '198.51.100.99' },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('a client that sends slowly (%s)', (kind) => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer(kind, { REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as net.AddressInfo).port;
  }, 60_000);
  afterAll(() => server?.close(), 30_000);

  /** Opens a connection that sends `head` at once, then a byte every 400 ms; answers when and how it ended. */
  function trickle(head: string): Promise<{ ms: number; answer: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let answer = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
      const drip = setInterval(() => socket.write('x'), 400);
      const end = () => {
        clearInterval(drip);
        resolve({ ms: Date.now() - started, answer });
      };
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('close', end);
      socket.on('error', () => undefined);
      // never longer than the test: a connection still open after 20 s failed the test anyway
      setTimeout(() => socket.destroy(), 20_000);
    });
  }

  test('a body sent a byte at a time is cut off after REQUEST_TIMEOUT_SECONDS, and the server keeps serving', async () => {
    const slow = trickle(
      'POST /api/core/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
    );
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    const { ms, answer } = await slow;
    expect(ms).toBeGreaterThanOrEqual(1500);
    expect(ms).toBeLessThan(15_000);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  test('headers sent a byte at a time are cut off after HEADERS_TIMEOUT_SECONDS', async () => {
    const { ms, answer } = await trickle('GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(ms).toBeLessThan(15_000);
    expect(answer.includes('200 OK')).toBe(false);
  });
});
