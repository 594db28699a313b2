import { sql } from 'kysely';
import { describeOnEachDatabase } from './harness';

describeOnEachDatabase('database connections', (server) => {
  it('keeps answering after the database server closes its idle connections', async () => {
    const { db } = server().context;
    // Several connections open at once, then idle in the pool.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(db)));
    // What a restart or an administrator does: every other connection to this database is terminated.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const token = await server().adminToken();
    const response = await server().call(token, { method: 'GET', url: '/api/core/v1/project' });
    expect(response.statusCode).toBe(200);
  });
});
