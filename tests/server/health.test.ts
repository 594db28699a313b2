import net from 'node:net';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Db } from '../../server/kernel/db/database';
import { describeOnEachDatabase, type TestServer } from './harness';

/** A database handle on an address that answers as the given server does (refuses, or never speaks). */
function databaseAt(port: number): Db {
  return new Kysely({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: `postgres://nobody:secret-password@127.0.0.1:${port}/nothing` }),
    }),
  }) as Db;
}

/** GET /health with the app's database swapped for another one, then the real one put back. */
async function healthWith(server: TestServer, db: Db) {
  const real = server.context.db;
  server.context.db = db;
  try {
    return await server.call(undefined, { method: 'GET', url: '/health' });
  } finally {
    server.context.db = real;
  }
}

describeOnEachDatabase('health check', (server) => {
  const get = (url: string) => server().call(undefined, { method: 'GET', url });

  it('answers 200 after a round trip to the database, to any client without sign-in', async () => {
    const response = await get('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with the reason when the database refuses connections, naming no address or secret', async () => {
    // a port nothing listens on: the connection is refused at once
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const db = databaseAt(port);
    const response = await healthWith(server(), db);
    await db.destroy();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      database: 'unavailable',
      reason: 'The database cannot be reached or refused the query; see the server log.',
    });
    expect(response.body).not.toContain(String(port));
    expect(response.body).not.toContain('secret-password');
  });

  it('answers 503 when the database does not answer in time', async () => {
    // accepts connections and never says a word, as a hung database server
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const db = databaseAt((silent.address() as net.AddressInfo).port);
    try {
      const response = await healthWith(server(), db);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        database: 'unavailable',
        reason: 'The database did not answer within 2 seconds.',
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await db.destroy();
    }
  });

  it('is described in the API reference without sign-in', async () => {
    const document = (await get('/api/docs/json')).json();
    const health = document.paths['/health'].get;
    expect(health.security).toEqual([]);
    expect(Object.keys(health.responses)).toEqual(['200', '503']);
  });

  it('GET / answers 200 to a client that sends no Accept header (a load balancer, curl)', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });
});
