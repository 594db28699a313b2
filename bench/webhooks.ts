import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { startInProcessServer } from './inProcessServer';
import { row, throughput, wholeNumberFromEnv, type BenchDatabase, type Throughput } from './measure';

/** Deliveries queued at once (BENCH_WEBHOOK_DELIVERIES). */
const DELIVERIES = wholeNumberFromEnv('BENCH_WEBHOOK_DELIVERIES', 20_000);
/** The goal of issue 29 on PostgreSQL. */
const GOAL_PER_SECOND = 1_000;

/** A receiver that answers 200 to every POST, over kept-alive connections. */
async function startReceiver() {
  let heard = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      heard += 1;
      response.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    heard: () => heard,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Issue 29's figures: webhook deliveries/s to a local receiver (DELIVERIES queued at once, one endpoint; goal ≥ 1,000/s
 * on PostgreSQL), and the API's GET by id (16 connections) alone and while they are sent, side by side.
 */
export async function benchWebhooks(databases: BenchDatabase[]): Promise<void> {
  console.log(row(['', 'deliveries/s', 'GET/s alone', 'p99 ms', 'GET/s sending', 'p99 ms', 'goal']));
  for (const database of databases) {
    const receiver = await startReceiver();
    const server = await startInProcessServer(0, { ...database.env, WEBHOOK_ALLOW_PRIVATE: 'true' });
    try {
      const projectId = await server.post('project', { name: 'Webhook bench' });
      const webhookId = await server.post('webhook', {
        projectId,
        url: receiver.url,
        events: ['stamp.added'],
      });
      const byId = `${server.url}/api/core/v1/webhook/${webhookId}`;
      const auth = { authorization: `Bearer ${server.token}` };
      const alone = await throughput(byId, auth, 4);
      // the events as the port stores them: one delivery each, in one statement
      await sql`insert into "webhookDelivery" ("projectId", "webhookId", "eventId", "type", "body", "retryUntil")
        select ${projectId}, ${webhookId}, gen_random_uuid(), 'stamp.added',
          json_build_object('id', gen_random_uuid(), 'type', 'stamp.added', 'createdAt', now(),
            'data', json_build_object('index', n))::text, now() + interval '1 day'
        from generate_series(1, ${DELIVERIES}) as n`.execute(server.db);
      const started = performance.now();
      await server.jobs.add({ kind: 'webhookDeliveries', payload: {}, coalesceKey: 'webhookDeliveries' });
      const reading = throughput(byId, auth, 4);
      while (receiver.heard() < DELIVERIES) await new Promise((resolve) => setTimeout(resolve, 20));
      const perSecond = Math.round(DELIVERIES / ((performance.now() - started) / 1000));
      const during: Throughput = await reading;
      const goal =
        database.name === 'PostgreSQL'
          ? `≥ ${GOAL_PER_SECOND}/s: ${perSecond >= GOAL_PER_SECOND ? 'met' : 'NOT met'}`
          : '';
      console.log(
        row([
          `${DELIVERIES} deliveries (${database.name})`,
          perSecond,
          alone.requestsPerSecond,
          alone.p99Ms,
          during.requestsPerSecond,
          during.p99Ms,
          goal,
        ]),
      );
    } finally {
      await server.close();
      await receiver.close();
    }
  }
}
