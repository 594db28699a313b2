import { createContext } from '../app';
import { loadConfig } from '../kernel/config';
import { openDatabase } from '../kernel/db/database';
import { DataDirInUseError } from '../kernel/db/dataDirLock';
import { migrateToLatest } from '../kernel/db/migrate';
import { buildDemoProject, DEMO_PROJECT, DEMO_CERTIFICATE } from '../features/demo';
import { redactText } from '../kernel/logging/redact';
import { prepareFirstStart } from '../features/identity';

/** Said when a running server holds the embedded database: it can make the demo itself. */
const USE_THE_CONSOLE =
  'Or leave the server running and make the demo from the console: sign in as an administrator and choose ' +
  '"Create the demo project" on the home page.';

/** npm run demo-data: the project "Demo" (server/features/demo/buildDemoProject.ts), in the database `npm start` uses. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    await prepareFirstStart(database.db, config, (line) => console.log(line), { demoDataHint: false });
    // the server's own context: the same image storage and key vault (DATA_DIR/certificate-key or the secret)
    const summary = await buildDemoProject(createContext(config, database));
    const where = database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL';
    console.log(
      `${summary.replaced ? 'Replaced the data of' : 'Created'} project "${DEMO_PROJECT}" (${summary.projectId}) in ${where}: ` +
        `${summary.templates.length} templates (${summary.templates.map((template) => template.name).join(', ')}), ` +
        `${summary.passes} passes, ${summary.events.toLocaleString('en')} events over the last year, ` +
        `and the e-shop "Open Air Nights" (storefront /shop/${summary.eshopId}) with the paid order ${summary.orderNumber} of two tickets.`,
    );
    console.log(
      `The templates sign with "${DEMO_CERTIFICATE.name}", self-signed: a pass downloads as .pkpass to be inspected ` +
        '(/p/{passId}?format=pkpass), but iPhones accept it only once a certificate issued by Apple is uploaded.',
    );
    console.log(
      `Start the server (npm start), sign in as the first admin${config.firstAdminEmail ? ` (${config.firstAdminEmail})` : ''} and open Passes, Reports or Ticket with the project "${DEMO_PROJECT}"; ` +
        "the order's email is sent by the server's job queue once it runs (without SMTP_URL, as a file under DATA_DIR/mail).",
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(redactText(error instanceof Error ? error.message : String(error)));
  if (error instanceof DataDirInUseError) console.error(USE_THE_CONSOLE);
  process.exit(1);
});
