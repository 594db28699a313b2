import { defaultJsonTemplate } from '../domain/template/defaults';
import { postCreated } from './coreApi';
import { login } from './identity';
import { row } from './measure';
import { startProductServer } from './processes';

/** Requests of each kind per round and server; each round alternates which server goes first. */
const PER_ROUND = Number(process.env.BENCH_AUDIT_REQUESTS ?? 100);
const ROUNDS = 4;
/** The goal: requests with the audit trail cost at most 10% more (mean) than without. */
const GOAL = 0.1;

interface Side {
  url: string;
  token: string;
  passId: string;
  templateId: string;
  /** milliseconds of every request, by kind */
  times: Record<Kind, number[]>;
}
type Kind = 'GET by id' | 'pass create (POST)' | 'pass update (PATCH)';
const KINDS: Kind[] = ['GET by id', 'pass create (POST)', 'pass update (PATCH)'];

async function timed(url: string, token: string, method: string, body?: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
  return performance.now() - started;
}

async function prepare(url: string, email: string, password: string): Promise<Side> {
  const { token } = await login(url, email, password);
  const projectId = await postCreated(url, token, 'project', { name: 'Audit bench' });
  const templateId = await postCreated(url, token, 'template', {
    name: 'Audit bench',
    projectId,
    languages: ['en'],
    jsonTemplate: defaultJsonTemplate(),
  });
  const passId = await postCreated(url, token, 'pass', { templateId, dynamicData: { seat: 0 } });
  return {
    url,
    token,
    passId,
    templateId,
    times: { 'GET by id': [], 'pass create (POST)': [], 'pass update (PATCH)': [] },
  };
}

/** One request of each kind on each side in turn, so that the load of the machine falls on both alike. */
async function round(sides: Side[], offset: number): Promise<void> {
  for (let index = 0; index < PER_ROUND; index += 1) {
    const seat = offset + index;
    for (const side of sides) {
      const pass = `${side.url}/api/core/v1/pass`;
      side.times['GET by id'].push(await timed(`${pass}/${side.passId}`, side.token, 'GET'));
      side.times['pass create (POST)'].push(
        await timed(pass, side.token, 'POST', { templateId: side.templateId, dynamicData: { seat } }),
      );
      side.times['pass update (PATCH)'].push(
        await timed(`${pass}/${side.passId}`, side.token, 'PATCH', { dynamicData: { seat } }),
      );
    }
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Issue 13: what the audit trail costs. Two servers side by side, one with AUDIT_TRAIL=off (the only use of that
 * switch), asked in turn: sequential GET by id, pass creates and pass updates. Goal: at most 10% more.
 */
export async function benchAuditTrail(
  databases: Array<{ name: string; env: Record<string, string> }>,
): Promise<void> {
  for (const [index, database] of databases.entries()) {
    // one after the other: on one PostgreSQL database the second start finds the schema migrated
    const off = await startProductServer(18800 + index * 2, { ...database.env, AUDIT_TRAIL: 'off' });
    const on = await startProductServer(18801 + index * 2, database.env);
    try {
      const without = await prepare(off.url, off.admin.email, off.admin.password);
      const withAudit = await prepare(on.url, on.admin.email, on.admin.password);
      // the first requests of a process warm its code up, which is not what this bench measures
      const sides = [without, withAudit];
      await round(sides, 0);
      for (const side of sides) for (const kind of KINDS) side.times[kind] = [];
      for (let count = 1; count <= ROUNDS; count += 1)
        await round(count % 2 ? sides : [...sides].reverse(), count * PER_ROUND);
      console.log(
        row([
          `${database.name}, ${ROUNDS * PER_ROUND} sequential each`,
          'without ms',
          'with ms',
          'more (mean)',
          'more (p50)',
          'goal ≤ 10%',
        ]),
      );
      for (const kind of KINDS) {
        const a = without.times[kind];
        const b = withAudit.times[kind];
        const share = (x: number, y: number) => (y - x) / x;
        const more = (x: number, y: number) => `${(share(x, y) * 100).toFixed(1)}%`;
        console.log(
          row([
            kind,
            `${mean(a).toFixed(2)} / ${median(a).toFixed(2)}`,
            `${mean(b).toFixed(2)} / ${median(b).toFixed(2)}`,
            more(mean(a), mean(b)),
            more(median(a), median(b)),
            share(mean(a), mean(b)) <= GOAL ? 'met' : 'missed',
          ]),
        );
      }
    } finally {
      await on.stop();
      await off.stop();
    }
  }
}
