import { percentile, row, throughput } from './measure';
import { startHelloWorld, startProductServer } from './processes';

export async function login(
  url: string,
  email: string,
  password: string,
): Promise<{ token: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/core/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return { token: ((await response.json()) as { token: string }).token, ms };
}

/** Concurrent connections of the read figures. */
const CONNECTIONS = 100;
/** Issue 15's goals: share of the hello-world's requests/s, p99 at CONNECTIONS connections. */
const GOALS: Record<string, number> = { PGlite: 8, PostgreSQL: 25 };
const P99_GOAL_MS = 50;

/**
 * Issue 15's figures: GET /v1/project/{id} with a valid token at 100 connections against a bare Fastify hello-world
 * (goals: at least 8% of its requests/s on PGlite, 25% on PostgreSQL, p99 at most 50 ms), and login p95.
 */
export async function benchIdentity(
  databases: Array<{ name: string; env: Record<string, string> }>,
): Promise<void> {
  const hello = await startHelloWorld(18100);
  const ceiling = await throughput(`${hello.url}/`, {}, undefined, CONNECTIONS);
  await hello.stop();
  console.log(`${CONNECTIONS} connections`);
  console.log(row(['', 'requests/s', 'p99 ms', 'errors', 'of hello', 'goal']));
  console.log(
    row(['Fastify hello-world', ceiling.requestsPerSecond, ceiling.p99Ms, ceiling.errors, '100%', '']),
  );

  for (const [index, database] of databases.entries()) {
    const server = await startProductServer(18200 + index, database.env);
    try {
      const { token } = await login(server.url, server.admin.email, server.admin.password);
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const created = await fetch(`${server.url}/api/core/v1/project`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'Bench project' }),
      });
      const { id } = (await created.json()) as { id: string };
      const result = await throughput(
        `${server.url}/api/core/v1/project/${id}`,
        { authorization: auth.authorization },
        undefined,
        CONNECTIONS,
      );
      const share = (100 * result.requestsPerSecond) / ceiling.requestsPerSecond;
      const goal = GOALS[database.name];
      const met = share >= goal && result.p99Ms <= P99_GOAL_MS;
      console.log(
        row([
          `GET /v1/project/{id} (${database.name})`,
          result.requestsPerSecond,
          result.p99Ms,
          result.errors,
          `${share.toFixed(1)}%`,
          `≥ ${goal}%, p99 ≤ ${P99_GOAL_MS}: ${met ? 'met' : 'NOT met'}`,
        ]),
      );

      const timings: number[] = [];
      for (let attempt = 0; attempt < 40; attempt += 1) {
        timings.push((await login(server.url, server.admin.email, server.admin.password)).ms);
      }
      console.log(
        row([
          `login (${database.name}), 40 sequential`,
          '',
          `p95 ${percentile(timings, 95).toFixed(1)}`,
          '',
          `p50 ${percentile(timings, 50).toFixed(1)}`,
        ]),
      );
    } finally {
      await server.stop();
    }
  }
}
