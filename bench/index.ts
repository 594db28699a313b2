import os from 'node:os';
import { benchAccounting } from './accounting';
import { benchAuditTrail } from './auditTrail';
import { benchCheckout } from './checkout';
import { benchDesignerTyping } from './designerTyping';
import { benchIdentity } from './identity';
import { benchOAuthTokens } from './oauthTokens';
import { benchPassList } from './passList';
import { benchPassSigning } from './passSigning';
import { benchPdfMemory } from './pdfMemory';
import { benchReports } from './reports';
import { benchUserPatterns } from './userPatterns';
import { benchWalletSerials } from './walletSerials';
import { freshBenchDatabase } from './postgres';

/** npm run bench: every figure measured in one run, side by side, on PGlite and (when reachable) PostgreSQL. */
async function main(): Promise<void> {
  const postgres = await freshBenchDatabase();
  const databases: Array<{ name: string; env: Record<string, string> }> = [{ name: 'PGlite', env: {} }];
  if (postgres) databases.push({ name: 'PostgreSQL', env: { DATABASE_URL: postgres.url } });
  const load = os.loadavg()[0].toFixed(1);
  console.log(
    `Benchmarks on ${os.cpus().length} cores (load average ${load} at start), Node ${process.version}${postgres ? '' : ' (no PostgreSQL reachable: PGlite only)'}\n`,
  );
  try {
    console.log('— Foundation: core API read vs bare Fastify hello-world, login —');
    await benchIdentity(databases);
    console.log(
      '\n— OAuth2 tokens: password grant (Argon2id) vs refresh grant (no password hash), 16 clients —',
    );
    await benchOAuthTokens(databases);
    console.log('\n— Pass list: GET /v1/pass over many passes, sequential requests —');
    await benchPassList(databases);
    console.log('\n— Apple web service: serials updated since, after a push to 100,000 registered passes —');
    await benchWalletSerials(databases);
    console.log('\n— Reports: latency over many events, and ingestion while reading —');
    await benchReports(databases);
    console.log(
      '\n— User patterns: pass writes under hostile dynamic data schemas (goal: each within 100 ms) —',
    );
    await benchUserPatterns(databases);
    console.log('\n— Audit trail: the same requests with and without it (goal: at most 10% more) —');
    await benchAuditTrail(databases);
    console.log('\n— Ticket checkout: create order → pay (simulated bank) → numbers → passes → mail file —');
    await benchCheckout(databases);
    console.log('\n— Ticket accounting: sales and transactions over many order items —');
    await benchAccounting(databases);
    console.log('\n— Wallet: signed passes/s, this engine vs passkit-generator —');
    await benchPassSigning();
    console.log('\n— PDF: peak memory while rendering 20 PDFs at once of a pass with a 2 MB logo —');
    await benchPdfMemory();
    console.log('\n— Designer: keystroke to preview update, Chromium —');
    await benchDesignerTyping();
  } finally {
    await postgres?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
