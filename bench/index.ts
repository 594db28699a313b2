import os from 'node:os';
import { benchIdentity } from './identity';
import { benchPassList } from './passList';
import { freshBenchDatabase } from './postgres';

/** npm run bench: every figure measured in one run, side by side, on PGlite and (when reachable) PostgreSQL. */
async function main(): Promise<void> {
  const postgres = await freshBenchDatabase();
  const databases: Array<{ name: string; env: Record<string, string> }> = [{ name: 'PGlite', env: {} }];
  if (postgres) databases.push({ name: 'PostgreSQL', env: { DATABASE_URL: postgres.url } });
  const load = os.loadavg()[0].toFixed(1);
  console.log(`Benchmarks on ${os.cpus().length} cores (load average ${load} at start), Node ${process.version}${postgres ? '' : ' (no PostgreSQL reachable: PGlite only)'}\n`);
  try {
    console.log('— Foundation: core API read vs bare Fastify hello-world, login —');
    await benchIdentity(databases);
    console.log('\n— Pass list: GET /v1/pass over many passes, sequential requests —');
    await benchPassList(databases);
  } finally {
    await postgres?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
