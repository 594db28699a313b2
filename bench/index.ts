import os from 'node:os';
import { benchAccounting } from './accounting';
import { benchActiveCards } from './activeCards';
import { benchAuditTrail } from './auditTrail';
import { benchCampaign } from './campaign';
import { benchCheckout } from './checkout';
import { benchStorefront } from './storefront';
import { benchConsoleLoad } from './consoleLoad';
import { benchStamps } from './stamps';
import { benchDesignerTyping } from './designerTyping';
import { benchGate } from './gate';
import { benchGoogleWallet } from './googleWallet';
import { benchDownloads } from './downloads';
import { benchIdentity } from './identity';
import { benchInvoiceCpu } from './invoiceCpu';
import { benchOAuthTokens } from './oauthTokens';
import { benchPassImport } from './passImport';
import { benchPassList } from './passList';
import { benchPassSigning } from './passSigning';
import { benchPdfMemory } from './pdfMemory';
import { benchReports } from './reports';
import { benchUserPatterns } from './userPatterns';
import { benchWalletSerials } from './walletSerials';
import { benchWebhooks } from './webhooks';
import { freshBenchDatabase } from './postgres';
import type { BenchDatabase } from './measure';

type Databases = BenchDatabase[];

/** Each section of the run: the word that selects it (`npm run bench -- audit`), its title and its figures. */
const SECTIONS: Array<{ name: string; title: string; run: (databases: Databases) => Promise<void> }> = [
  {
    name: 'identity',
    title: '— Foundation: core API read (GET by id, 100 connections) vs bare Fastify hello-world, login —',
    run: benchIdentity,
  },
  {
    name: 'downloads',
    title:
      "— Public downloads: an already-signed pass's pkpass, events and counters written after the answers —",
    run: benchDownloads,
  },
  {
    name: 'oauth',
    title: '— OAuth2 tokens: password grant (Argon2id) vs refresh grant (no password hash), 16 clients —',
    run: benchOAuthTokens,
  },
  {
    name: 'passList',
    title: '— Pass list: GET /v1/pass over many passes, sequential requests —',
    run: benchPassList,
  },
  {
    name: 'import',
    title: '— CSV import: a 100,000-row file, upload to job done (goal: ≤ 60 s on PostgreSQL) —',
    run: benchPassImport,
  },
  {
    name: 'walletSerials',
    title: '— Apple web service: serials updated since, after a push to 100,000 registered passes —',
    run: benchWalletSerials,
  },
  {
    name: 'reports',
    title: '— Reports: latency over many events, and ingestion while reading —',
    run: benchReports,
  },
  {
    name: 'activeCards',
    title: '— Active cards report: a year of passes registered and unregistered, through the API —',
    run: benchActiveCards,
  },
  {
    name: 'userPatterns',
    title: '— User patterns: pass writes under hostile dynamic data schemas (goal: each within 100 ms) —',
    run: benchUserPatterns,
  },
  {
    name: 'audit',
    title: '— Audit trail: the same requests with and without it (goal: at most 10% more) —',
    run: benchAuditTrail,
  },
  {
    name: 'checkout',
    title:
      "— Ticket checkout: the storefront's order form → pay (the simulated bank, or a Stripe stand-in's page and signed webhook) → numbers → passes; invoice and mail from the job queue (goal: ≥ 100/s on PostgreSQL) —",
    run: benchCheckout,
  },
  {
    name: 'storefront',
    title: "— Storefront: an e-shop's page at 50 connections (p99) —",
    run: benchStorefront,
  },
  {
    name: 'gate',
    title: '— Ticket gate: entries/s at 20 concurrent gates (accepted, then the same tickets used) —',
    run: benchGate,
  },
  {
    name: 'stamps',
    title: '— Stamp cards: stamps/s at 20 concurrent tills, each on its own card and all on one —',
    run: benchStamps,
  },
  {
    name: 'google',
    title:
      '— Save to Google Pay: a template of 100,000 passes (1 in 10 saved to Google Wallet, a local stand-in of its API) —',
    run: benchGoogleWallet,
  },
  {
    name: 'webhooks',
    title:
      '— Webhooks: signed deliveries/s to a local receiver (goal: ≥ 1,000/s on PostgreSQL), GET by id alone and while they are sent —',
    run: benchWebhooks,
  },
  {
    name: 'campaign',
    title:
      '— Push campaign: a template change over BENCH_PASSES registered passes to a local HTTP/2 APNs stand-in (goal: ≥ 3,400 pushes/s with two instances on PostgreSQL), GET by id p99 during the fan-out (goal: ≤ 200 ms) —',
    run: benchCampaign,
  },
  {
    name: 'accounting',
    title: '— Ticket accounting: sales and transactions over many order items —',
    run: benchAccounting,
  },
  {
    name: 'passSigning',
    title:
      '— Wallet: signed passes/s, this engine vs passkit-generator; the device fetch of unique passes vs openssl speed rsa2048 —',
    run: (databases) => benchPassSigning(databases),
  },
  {
    name: 'pdf',
    title:
      "— PDF: peak memory while rendering 20 PDFs at once of a pass with a 2 MB logo; CPU of an order's invoice PDF —",
    run: async () => {
      await benchPdfMemory();
      await benchInvoiceCpu();
    },
  },
  {
    name: 'console',
    title: '— Console first load: initial JavaScript, cold load of the pass list in a slowed-down Chromium —',
    run: benchConsoleLoad,
  },
  {
    name: 'designer',
    title: '— Designer: keystroke to preview update, Chromium —',
    run: () => benchDesignerTyping(),
  },
];

/**
 * npm run bench: every figure measured in one run, side by side, on PGlite and (when reachable) PostgreSQL.
 * Section names after `--` run only those sections (`npm run bench -- audit checkout`).
 */
async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !SECTIONS.some((section) => section.name === name));
  if (unknown.length) {
    console.error(
      `Unknown bench section: ${unknown.join(', ')}. Sections: ${SECTIONS.map((s) => s.name).join(', ')}.`,
    );
    process.exit(2);
  }
  const sections = asked.length ? SECTIONS.filter((section) => asked.includes(section.name)) : SECTIONS;
  const postgres = await freshBenchDatabase();
  const databases: Databases = [{ name: 'PGlite', env: {} }];
  if (postgres) databases.push({ name: 'PostgreSQL', env: { DATABASE_URL: postgres.url } });
  const load = os.loadavg()[0].toFixed(1);
  console.log(
    `Benchmarks on ${os.cpus().length} cores (load average ${load} at start), Node ${process.version}${postgres ? '' : ' (no PostgreSQL reachable: PGlite only)'}\n`,
  );
  try {
    for (const [index, section] of sections.entries()) {
      console.log(`${index ? '\n' : ''}${section.title}`);
      await section.run(databases);
    }
  } finally {
    await postgres?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
