import { buildApp, createContext } from './app';
import { loadConfig } from './kernel/config';
import { openDatabase } from './kernel/db/database';
import { migrateToLatest } from './kernel/db/migrate';
import { prepareFirstStart } from './features/identity';
import { redactText } from './kernel/logging/redact';

/** npm start: migrate, prepare the first admin, serve, and shut down cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  await prepareFirstStart(database.db, config, (line) => console.log(line));
  const app = await buildApp(createContext(config, database), { logger: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight, then closing the database.`);
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    await app.close();
    await database.close();
    console.log('Stopped: requests finished and database closed.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  app.log.info(`Console at http://localhost:${config.port}/ (${where}); API docs at /api/docs.`);
}

main().catch((error: unknown) => {
  console.error(redactText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
