import { defaultJsonTemplate } from '../domain/template/defaults';
import { startInProcessServer } from './inProcessServer';
import { type BenchDatabase, percentile, row } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = 20;

/** One stamp call by a till; answers its ms. */
async function stamp(url: string, token: string, cardId: string, passId: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/core/v1/stampCard/${cardId}/stamp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ passId, count: 1 }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`stamp: ${response.status} ${body}`);
  return performance.now() - started;
}

/** CLIENTS tills stamping for SECONDS, each on the pass `passOf` names; answers the timings and the seconds. */
async function run(url: string, token: string, cardId: string, passOf: (client: number) => string) {
  const timings: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < until) timings.push(await stamp(url, token, cardId, passOf(client)));
    }),
  );
  return { timings, seconds: (performance.now() - started) / 1000 };
}

/**
 * Stamps/s at CLIENTS concurrent tills for BENCH_SECONDS, server in this process, on each database: each till on
 * its own card (the usual case), then all on one card (every stamp waits for the pass's row lock). The count of
 * the shared card is checked against the stamps answered.
 */
export async function benchStamps(databases: BenchDatabase[]): Promise<void> {
  console.log(row(['', 'stamps/s', 'p50 ms', 'p99 ms', 'count exact']));
  for (const [index, database] of databases.entries()) {
    const server = await startInProcessServer(18540 + index, { ...database.env });
    try {
      const { url, token } = server;
      const projectId = await server.post('project', { name: 'Bench stamps' });
      const templateId = await server.post('template', {
        name: 'Coffee card',
        projectId,
        languages: ['en'],
        jsonTemplate: defaultJsonTemplate(),
      });
      const rewardTemplateId = await server.post('template', {
        name: 'Free coffee',
        projectId,
        languages: ['en'],
        jsonTemplate: defaultJsonTemplate(),
      });
      const cardId = await server.post('stampCard', {
        name: 'Coffee',
        templateId,
        stampsForReward: 10,
        rewardTemplateId,
      });
      const passes: string[] = [];
      for (let client = 0; client < CLIENTS; client += 1)
        passes.push(await server.post('pass', { templateId, dynamicData: {} }));
      for (let warm = 0; warm < 10; warm += 1) await stamp(url, token, cardId, passes[warm % CLIENTS]);

      const scenarios = [
        { label: 'own card each', passOf: (client: number) => passes[client] },
        { label: 'all on one card', passOf: () => passes[0] },
      ];
      for (const scenario of scenarios) {
        const before = await stampsOf(server.db, passes[0]);
        const { timings, seconds } = await run(url, token, cardId, scenario.passOf);
        const shared = scenario.label === 'all on one card';
        const exact = shared
          ? (before + timings.length) % 10 === (await stampsOf(server.db, passes[0]))
          : true;
        console.log(
          row([
            `stamp, ${CLIENTS} tills, ${scenario.label} (${database.name})`,
            (timings.length / seconds).toFixed(1),
            percentile(timings, 50).toFixed(1),
            percentile(timings, 99).toFixed(1),
            shared ? (exact ? 'yes' : 'NO') : '',
          ]),
        );
      }
    } finally {
      await server.close();
    }
  }
}

async function stampsOf(db: Awaited<ReturnType<typeof startInProcessServer>>['db'], passId: string) {
  const pass = await db
    .selectFrom('pass')
    .select('dynamicData')
    .where('id', '=', passId)
    .executeTakeFirstOrThrow();
  return Number((pass.dynamicData as { stamps?: number } | null)?.stamps ?? 0);
}
