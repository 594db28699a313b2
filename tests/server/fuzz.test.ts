import type { LightMyRequestResponse } from 'fastify';
import { coreResources } from '../../server/coreRoutes';
import { ticketResources } from '../../server/resources';
import { databaseKinds, type TestServer } from './harness';
import { endpointRequest, listRequest, type FuzzRequest } from './fuzz/cases';
import { createFuzzFixtures, type FuzzFixtures } from './fuzz/fixtures';
import { Random } from './fuzz/random';
import { batchRequest, oauthRequest, uploadRequest } from './fuzz/specialRequests';
import { endpointsOf, routeKey, type Endpoint } from './fuzz/surface';
import { startSigningTestServer } from './walletFixtures';

/**
 * Seeded fuzzing of the whole HTTP surface: nothing a request sends may answer 5xx, and every refusal is the API's
 * error shape. The seed is printed; FUZZ_SEED=<seed> replays a run exactly.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_511);
/** FUZZ_SCALE=10 runs ten times as many cases: a longer search than the suite's own (under a minute, both databases). */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const LIST_CASES_PER_RESOURCE = 80 * SCALE;
const CASES_PER_ENDPOINT = 24 * SCALE;

/** Routes that ask a service outside (App Store, Google) and say so with 502/503 on purpose; APNs is a closed port. */
const OUTSIDE_SERVICES = [/\/appStore\//, /\/savetogooglepay$/];
/**
 * Routes that take no input and do seconds of work per call (the demo project: 600 passes and a year of events):
 * fuzzing them only repeats the work; their own suite (demoShop.test.ts) calls them.
 */
const NO_INPUT_AND_SLOW = [/^\/api\/core\/v1\/demo$/];

interface Finding {
  request: string;
  status: number;
  answer: string;
}

const shorten = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}…(${text.length})` : text;

function describeRequest(request: FuzzRequest): string {
  const payload = request.payload === undefined ? '' : ` ${shorten(String(request.payload), 200)}`;
  return `${request.method} ${shorten(request.url, 300)}${payload}`;
}

const isOAuth = (url: string) => url.startsWith('/api/core/oauth2/token');

/** What is wrong with an answer, if anything: a 5xx, or a 4xx that is not the API's error shape. */
function problemOf(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  const type = String(response.headers['content-type'] ?? '');
  // The public pages answer people in browsers with a page of their own; the storefront is such pages only.
  const page = request.url.startsWith('/p/') || request.url.startsWith('/shop/');
  if (type.startsWith('text/html') && page) return undefined;
  if (!type.startsWith('application/json')) return `answered ${status} as ${type || 'no content type'}`;
  const body = response.json() as Record<string, unknown>;
  if (isOAuth(request.url))
    return typeof body.error === 'string' && typeof body.error_description === 'string'
      ? undefined
      : `answered ${status} without an OAuth2 error and its description`;
  const extra = Object.keys(body).filter(
    (name) => !['statusCode', 'error', 'message', 'errors'].includes(name),
  );
  const shaped =
    body.statusCode === status &&
    typeof body.error === 'string' &&
    typeof body.message === 'string' &&
    body.message !== '' &&
    extra.length === 0;
  return shaped ? undefined : `answered ${status} not in the API's error shape`;
}

describe.each(databaseKinds)('fuzzing the HTTP surface (%s)', (kind) => {
  let server: TestServer;
  let fixtures: FuzzFixtures;
  let endpoints: Endpoint[];
  let admin: string;
  let userToken: string;

  beforeAll(async () => {
    // one address sends everything here: no rate limits; APNs is a closed local port
    server = await startSigningTestServer(kind, {
      PUBLIC_RATE_LIMIT: '0',
      WALLET_RATE_LIMIT: '0',
      CHECKOUT_RATE_LIMIT: '0',
      APNS_HOST: 'https://127.0.0.1:9',
    });
    fixtures = await createFuzzFixtures(server);
    admin = await server.adminToken();
    userToken = await server.login(fixtures.user.email, fixtures.user.password);
    endpoints = endpointsOf(server.app).filter(
      (endpoint) =>
        ![...OUTSIDE_SERVICES, ...NO_INPUT_AND_SLOW].some((pattern) => pattern.test(endpoint.path)),
    );
    console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays this run) on ${kind}`);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  }, 30_000);

  /** The credentials a request goes with: an admin's for the APIs, the pass's for Wallet, none for the public. */
  function authorize(request: FuzzRequest, random: Random): FuzzRequest {
    const headers = { ...(request.headers ?? {}) };
    if (
      headers.authorization !== undefined ||
      isOAuth(request.url) ||
      request.url.startsWith('/api/core/auth/login')
    )
      return request;
    if (request.url.startsWith('/api/core/auth/'))
      headers.authorization = `Bearer ${random.pick([userToken, 'garbage'])}`;
    else if (request.url.startsWith('/api/ticket/public') || request.url.startsWith('/p/')) return request;
    else if (request.url.startsWith('/wallet/'))
      headers.authorization = `ApplePass ${random.chance(0.8) ? fixtures.passToken : 'x'.repeat(random.int(0, 40))}`;
    else
      headers.authorization = random.chance(0.95)
        ? `Bearer ${admin}`
        : random.pick(['Bearer ', 'Bearer a.b.c', 'Basic Og==']);
    return { ...request, headers };
  }

  async function run(requests: FuzzRequest[], random: Random): Promise<Finding[]> {
    const findings: Finding[] = [];
    for (const request of requests) {
      const authorized = authorize(request, random);
      const response = await server.app.inject(authorized);
      const problem = problemOf(authorized, response);
      if (problem)
        findings.push({
          request: describeRequest(authorized),
          status: response.statusCode,
          answer: `${problem}: ${shorten(response.body)}`,
        });
    }
    console.log(`${kind}: ${requests.length} fuzzed requests, ${findings.length} findings`);
    return findings;
  }

  test('random where, orderBy, order, page and limit on every listable resource never answer 5xx, and every refusal is the error shape', async () => {
    const random = new Random(SEED);
    const requests: FuzzRequest[] = [];
    const { ticketApiBase } = server.context.config;
    const lists = [
      ...coreResources.map((definition) => ({ base: '/api/core/v1', definition })),
      ...ticketResources.map((definition) => ({ base: `${ticketApiBase}/v1`, definition })),
    ];
    for (let round = 0; round < LIST_CASES_PER_RESOURCE; round += 1)
      for (const { base, definition } of lists)
        requests.push(
          listRequest(`${base}/${definition.descriptor.name}`, definition.descriptor, random, fixtures),
        );
    expect(await run(requests, random)).toEqual([]);
  }, 600_000);

  test('random bodies, parameters and queries on every endpoint never answer 5xx, and every refusal is the error shape', async () => {
    const random = new Random(SEED + 1);
    const writeSchemas = new Map(endpoints.map((endpoint) => [routeKey(endpoint), endpoint.body]));
    const requestFor = (endpoint: Endpoint): FuzzRequest => {
      if (endpoint.path.endsWith('/batch'))
        return batchRequest(
          endpoint,
          writeSchemas.get(`POST ${endpoint.path.replace(/\/batch$/, '')}`),
          random,
          fixtures,
        );
      if (isOAuth(endpoint.path)) return oauthRequest(endpoint, random, fixtures);
      if (endpoint.method === 'POST' && /\/image$|\/upload$/.test(endpoint.path))
        return uploadRequest(endpoint, random, fixtures);
      return endpointRequest(endpoint, random, fixtures);
    };
    const requests: FuzzRequest[] = [];
    for (let round = 0; round < CASES_PER_ENDPOINT; round += 1)
      for (const endpoint of endpoints) requests.push(requestFor(endpoint));
    expect(await run(requests, random)).toEqual([]);
  }, 600_000);

  test('after the run the server still answers a normal request', async () => {
    const project = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/project/${fixtures.idOf.project}`,
    });
    expect(project.statusCode).toBe(200);
    expect(project.json().id).toBe(fixtures.idOf.project);
    const page = await server.call(undefined, { method: 'GET', url: `/p/${fixtures.idOf.pass}` });
    expect(page.statusCode).toBe(200);
  });
});
