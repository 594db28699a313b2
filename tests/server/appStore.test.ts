import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';

type Behaviour = 'answer' | 'reset' | 'fail' | 'garbage';

/** Stands in for the iTunes Search API: records what it was asked, answers as told. */
function fakeItunes() {
  const requests: URL[] = [];
  let behaviour: Behaviour = 'answer';
  const apps = [
    {
      trackId: 284882215,
      trackName: 'Facebook',
      sellerName: 'Meta Platforms, Inc.',
      artworkUrl512: 'https://is1.example/facebook.png',
    },
    {
      trackId: 389801252,
      trackName: 'Instagram',
      artistName: 'Instagram, Inc.',
      artworkUrl100: 'https://is1.example/i.png',
    },
    { wrapperType: 'artist', artistName: 'no track id: left out' },
  ];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(url);
    if (behaviour === 'reset') return request.socket.destroy();
    if (behaviour === 'fail') return response.writeHead(500).end('upstream broke');
    if (behaviour === 'garbage') return response.writeHead(200).end('<html>not json</html>');
    const results =
      url.pathname === '/lookup'
        ? apps.filter((app) => String(app.trackId) === url.searchParams.get('id'))
        : apps;
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(JSON.stringify({ resultCount: results.length, results }));
  });
  return {
    requests,
    setBehaviour: (next: Behaviour) => (behaviour = next),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('App Store search (through the core API)', () => {
  const itunes = fakeItunes();
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    const base = await itunes.start();
    server = await startTestServer(databaseKinds[0], { APP_STORE_SEARCH_URL: base });
    token = (await server.createUser()).token;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await itunes.stop();
  });
  beforeEach(() => {
    itunes.setBehaviour('answer');
    itunes.requests.length = 0;
  });

  const get = (url: string, as: 'signedIn' | 'anonymous' = 'signedIn') =>
    server.call(as === 'signedIn' ? token : undefined, { method: 'GET', url });

  it('answers the apps found, as id, name, developer and icon', async () => {
    const response = await get('/api/core/v1/appStore/search?term=face');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: 284882215,
        name: 'Facebook',
        developer: 'Meta Platforms, Inc.',
        iconUrl: 'https://is1.example/facebook.png',
      },
      {
        id: 389801252,
        name: 'Instagram',
        developer: 'Instagram, Inc.',
        iconUrl: 'https://is1.example/i.png',
      },
    ]);
    expect(itunes.requests).toHaveLength(1);
    const asked = itunes.requests[0];
    expect(asked.pathname).toBe('/search');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ term: 'face', entity: 'software', limit: '10' });
  });

  it("passes the user's words on encoded, never as part of the address", async () => {
    const words = 'a&entity=musicVideo&limit=200 #x/../lookup?';
    const response = await get(`/api/core/v1/appStore/search?term=${encodeURIComponent(words)}`);
    expect(response.statusCode).toBe(200);
    const asked = itunes.requests[0];
    expect(asked.pathname).toBe('/search');
    expect(asked.searchParams.get('term')).toBe(words.trim());
    expect(asked.searchParams.getAll('entity')).toEqual(['software']);
    expect(asked.searchParams.getAll('limit')).toEqual(['10']);
  });

  it('looks an app up by its id', async () => {
    const response = await get('/api/core/v1/appStore/app/284882215');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 284882215,
      name: 'Facebook',
      developer: 'Meta Platforms, Inc.',
      iconUrl: 'https://is1.example/facebook.png',
    });
    expect(itunes.requests[0].pathname).toBe('/lookup');
    expect(itunes.requests[0].searchParams.get('id')).toBe('284882215');
  });

  it('answers 404 for an id the App Store does not know', async () => {
    expectError(await get('/api/core/v1/appStore/app/123'), 404, /123/);
  });

  it('answers 401 without a token', async () => {
    expectError(await get('/api/core/v1/appStore/search?term=face', 'anonymous'), 401);
    expectError(await get('/api/core/v1/appStore/app/284882215', 'anonymous'), 401);
    expect(itunes.requests).toHaveLength(0);
  });

  it('answers 400 on an id that is not a positive whole number, and on a missing or empty term', async () => {
    for (const id of ['abc', '12.5', '-3', '0', '1e400', '12%20OR%201']) {
      expectError(await get(`/api/core/v1/appStore/app/${id}`), 400);
    }
    expectError(await get('/api/core/v1/appStore/search'), 400);
    expectError(await get('/api/core/v1/appStore/search?term=%20%20'), 400);
    expectError(await get(`/api/core/v1/appStore/search?term=${'x'.repeat(201)}`), 400);
    expect(itunes.requests).toHaveLength(0);
  });

  it('answers 503 with a readable message when the search service cannot be reached', async () => {
    itunes.setBehaviour('reset');
    const body = expectError(await get('/api/core/v1/appStore/search?term=face'), 503, /cannot be reached/);
    expect(body.message).toMatch(/add the app by its id/);
    expectError(await get('/api/core/v1/appStore/app/284882215'), 503, /cannot be reached/);
  });

  it('answers 502 when the search service answers with an error or something that is not its JSON', async () => {
    itunes.setBehaviour('fail');
    expectError(await get('/api/core/v1/appStore/search?term=face'), 502, /cannot be read/);
    itunes.setBehaviour('garbage');
    expectError(await get('/api/core/v1/appStore/app/284882215'), 502, /cannot be read/);
  });

  it('describes both calls in the OpenAPI document', async () => {
    const paths = (await get('/api/docs/json', 'anonymous')).json().paths as Record<string, unknown>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/v1/appStore/search', '/v1/appStore/app/{id}']),
    );
  });
});
