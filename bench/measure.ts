import autocannon from 'autocannon';

/** A database a section runs on: PGlite, and PostgreSQL when one is at hand (bench/index.ts). */
export interface BenchDatabase {
  name: string;
  env: Record<string, string>;
}

/**
 * The environment that makes a bench's server keep an idle connection far longer than fetch does (at most 10
 * minutes, by undici's clock, which advances only while the event loop turns): the client is always the side that
 * closes it, so a connection reused after the bench's process was held up (a seed in SQL on PGlite, which runs in
 * the process) is still open on the server instead of reset by it.
 *
 * @example loadConfig({ ...process.env, ...SERVER_KEEP_ALIVE_ENV })
 */
export const SERVER_KEEP_ALIVE_ENV = { KEEP_ALIVE_TIMEOUT_SECONDS: String(6 * 3600) };

/** A whole number ≥ 1 from the environment variable `name`, or `fallback` when it is not set. */
export function wholeNumberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number ≥ 1, got "${process.env[name]}".`);
  return value;
}

export interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  /** answers with a 2xx status */
  succeeded: number;
}

/** Drives a URL with concurrent connections (16 unless told) for a few seconds. */
export async function throughput(
  url: string,
  headers: Record<string, string> = {},
  seconds = Number(process.env.BENCH_SECONDS ?? 8),
  connections = 16,
): Promise<Throughput> {
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.non2xx,
    succeeded: result['2xx'],
  };
}

/** How sequential GETs are timed: the untimed first ones, then the timed ones, optionally within a time budget. */
export interface TimedGetsOptions {
  warmUp: number;
  requests: number;
  /** stop timing after this long, once `minRequests` are timed */
  budgetMs?: number;
  minRequests?: number;
}

/**
 * Sequential GETs of one address with a bearer token: p50/p99 of the timed ones, how many were timed, and the last
 * answer's JSON. A status other than 200 stops the bench with the answer.
 *
 * @example const { p50, p99, last } = await timedGets<{ data: unknown[] }>(address, token, { warmUp: 5, requests: 50 })
 */
export async function timedGets<Answer>(
  address: string,
  token: string,
  { warmUp, requests, budgetMs = Infinity, minRequests = 0 }: TimedGetsOptions,
): Promise<{ p50: number; p99: number; requests: number; last: Answer }> {
  const headers = { authorization: `Bearer ${token}` };
  const timings: number[] = [];
  let last: unknown;
  let budgetFrom = 0;
  for (let attempt = 0; attempt < warmUp + requests; attempt += 1) {
    if (attempt === warmUp) budgetFrom = performance.now();
    if (timings.length >= minRequests && performance.now() - budgetFrom > budgetMs) break;
    const started = performance.now();
    const response = await fetch(address, { headers });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${address}: ${response.status} ${body}`);
    last = JSON.parse(body);
    if (attempt >= warmUp) timings.push(ms);
  }
  return {
    p50: percentile(timings, 50),
    p99: percentile(timings, 99),
    requests: timings.length,
    last: last as Answer,
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function row(cells: Array<string | number>): string {
  return cells.map((cell, index) => String(cell).padEnd(index === 0 ? 46 : 14)).join('');
}
