/**
 * The console's first load, measured two ways. What the build makes a browser fetch before the first screen: the
 * entry script and the chunks index.html preloads (raw, gzip and brotli, from dist/console). And what a signed-in
 * user waits for on a slow machine and link: a cold load (empty cache) of the pass list to its first rows in headless
 * Chromium with the CPU slowed 4× and a 10 Mbit/s link of 40 ms latency (Chrome DevTools Protocol's CPU throttling
 * and network emulation), with the bytes that crossed the link.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { defaultJsonTemplate } from '../domain/template/defaults';
import { postCreated } from './coreApi';
import { login } from './identity';
import { percentile, row } from './measure';
import { startProductServer } from './processes';

const CHROMIUM = '/usr/bin/chromium';
/** the flags this sandboxed, offline machine needs (as the e2e journeys' browser) */
const CHROMIUM_FLAGS =
  '--no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const CONSOLE_DIR = path.resolve('dist/console');
/** the goals: initial JavaScript at most 300 kB gzip, the pass list's first rows within 2.5 s */
const INITIAL_GOAL_BYTES = 300 * 1000;
const LOAD_GOAL_MS = 2500;
const CPU_SLOWDOWN = 4;
const LINK = { latency: 40, downloadThroughput: 10_000_000 / 8, uploadThroughput: 10_000_000 / 8 };
const LOADS = Number(process.env.BENCH_CONSOLE_LOADS ?? 5);
const PASSES = 30;

type Database = { name: string; env: Record<string, string> };

/** The scripts a first visit fetches before anything runs: index.html's entry and its modulepreload links. */
export function initialScripts(consoleDir = CONSOLE_DIR): string[] {
  const html = fs.readFileSync(path.join(consoleDir, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /type="module"/.test(tag) || /rel="modulepreload"/.test(tag))
    .map((tag) => /(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => file !== undefined);
}

/** Sizes of the initial scripts: as built, gzip (level 9, as the build writes them) and brotli (best quality). */
function initialSizes(files: string[]) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const content = fs.readFileSync(path.join(CONSOLE_DIR, file));
    raw += content.length;
    gzip += zlib.gzipSync(content, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(content).length;
  }
  return { raw, gzip, brotli };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** When the pass list's first row appeared, in the page's clock (ms since the navigation started). */
interface PageGlobals {
  document: {
    querySelector(selector: string): { textContent: string | null } | null;
  };
  performance: { now(): number };
  MutationObserver: new (callback: () => void) => {
    observe(target: object, options: object): void;
    disconnect(): void;
  };
  firstRowsAt?: number;
}

/** Runs in the page before its scripts: notes the moment the list's table shows its first row with data. */
function watchForFirstRows(): void {
  const page = globalThis as unknown as PageGlobals;
  const observer = new page.MutationObserver(() => {
    const firstRow = page.document.querySelector('table tbody tr');
    if (!firstRow?.textContent) return;
    page.firstRowsAt = page.performance.now();
    observer.disconnect();
  });
  // the document itself: its root element does not exist yet when this runs
  observer.observe(page.document, { subtree: true, childList: true, characterData: true });
}

/** Bytes received over the link per resource type (encodedDataLength: headers and body as sent, compressed). */
function countTransfer(cdp: CDPSession) {
  const types = new Map<string, string>();
  const bytes = { script: 0, total: 0, requests: 0 };
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    bytes.total += event.encodedDataLength;
    bytes.requests += 1;
    if (types.get(event.requestId) === 'Script') bytes.script += event.encodedDataLength;
  });
  return bytes;
}

interface ColdLoad {
  firstRowsMs: number;
  scriptBytes: number;
  totalBytes: number;
  requests: number;
}

/** One cold load of /passes/pass by a signed-in user in a fresh browser context (empty cache), slowed down. */
async function coldLoad(browser: Browser, url: string, session: string): Promise<ColdLoad> {
  const storageState = {
    cookies: [],
    origins: [{ origin: url, localStorage: [{ name: 'passbase.session', value: session }] }],
  };
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, storageState });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchForFirstRows);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const transfer = countTransfer(cdp);
    await page.goto(`${url}/passes/pass`);
    const firstRows = () => (globalThis as unknown as PageGlobals).firstRowsAt;
    const handle = await page.waitForFunction(firstRows, undefined, { timeout: 60_000, polling: 100 });
    const firstRowsMs = Number(await handle.jsonValue());
    // the requests the first screen started after its rows (the project names of the rows, icons) end too
    await page.waitForLoadState('networkidle');
    return {
      firstRowsMs,
      scriptBytes: transfer.script,
      totalBytes: transfer.total,
      requests: transfer.requests,
    };
  } finally {
    await context.close();
  }
}

/**
 * The console section: initial JavaScript of the build (goal ≤ 300 kB gzip), then BENCH_CONSOLE_LOADS (default 5)
 * cold loads of the pass list per database, each in a fresh browser context: time to the first rows (goal ≤ 2.5 s)
 * and the bytes transferred. Skipped, with the reason, without a built console or without Chromium.
 */
export async function benchConsoleLoad(databases: Database[]): Promise<void> {
  if (!fs.existsSync(path.join(CONSOLE_DIR, 'index.html'))) {
    console.log(`Skipped: the console is not built (${CONSOLE_DIR}; npm run build).`);
    return;
  }
  const files = initialScripts();
  const sizes = initialSizes(files);
  const verdict = sizes.gzip <= INITIAL_GOAL_BYTES ? 'goal met' : 'goal NOT met';
  console.log(
    `Initial JavaScript (entry + ${files.length - 1} preloaded chunks): ${kB(sizes.raw)} raw, ${kB(sizes.gzip)} gzip` +
      ` (goal ≤ ${kB(INITIAL_GOAL_BYTES)}: ${verdict}), ${kB(sizes.brotli)} brotli.`,
  );
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`Skipped the cold loads: no Chromium at ${CHROMIUM}.`);
    return;
  }
  console.log(
    `Cold load of /passes/pass to its first rows, signed in, empty cache, ${LOADS} loads; Chromium with the CPU slowed` +
      ` ${CPU_SLOWDOWN}× and a 10 Mbit/s link of ${LINK.latency} ms latency (goal ≤ ${(LOAD_GOAL_MS / 1000).toFixed(1)} s):`,
  );
  console.log(row(['', 'p50 ms', 'max ms', 'goal', 'scripts sent', 'all sent', 'requests']));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS.split(' '),
  });
  try {
    for (const [index, database] of databases.entries()) {
      const server = await startProductServer(18580 + index, database.env);
      try {
        const { token } = await login(server.url, server.admin.email, server.admin.password);
        const projectId = await postCreated(server.url, token, 'project', { name: 'Console bench' });
        const templateId = await postCreated(server.url, token, 'template', {
          name: 'Console bench',
          projectId,
          languages: ['en'],
          jsonTemplate: defaultJsonTemplate(),
        });
        for (let seat = 0; seat < PASSES; seat += 1)
          await postCreated(server.url, token, 'pass', { templateId, dynamicData: { seat } });
        // the console's stored session (src/auth/session.ts), valid for the run (tokens last an hour by default)
        const session = JSON.stringify({ token, expiresAt: Date.now() + 30 * 60_000 });
        await coldLoad(browser, server.url, session); // warm-up: the server's first answers, Chromium's start
        const loads: ColdLoad[] = [];
        for (let load = 0; load < LOADS; load += 1) loads.push(await coldLoad(browser, server.url, session));
        const times = loads.map((load) => load.firstRowsMs);
        const median = percentile(times, 50);
        const last = loads[loads.length - 1];
        console.log(
          row([
            `first rows of the pass list (${database.name})`,
            median.toFixed(0),
            Math.max(...times).toFixed(0),
            median <= LOAD_GOAL_MS ? 'met' : 'NOT met',
            kB(last.scriptBytes),
            kB(last.totalBytes),
            last.requests,
          ]),
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
}
