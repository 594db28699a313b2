/**
 * The console's first load, measured two ways. What the build makes a browser fetch before the first screen: the
 * entry script and the chunks index.html preloads (raw, gzip and brotli, from dist/console). And what a signed-in
 * user waits for on a slow machine and link: a cold load (empty cache) of the pass list to its first rows in headless
 * Chromium with the CPU slowed 4× and a 10 Mbit/s link of 40 ms latency (Chrome DevTools Protocol's CPU throttling
 * and network emulation), with the bytes that crossed the link and where the page's main thread spent its time until
 * then. BENCH_CONSOLE_BASELINE names another build (a dist/console directory) to load in turn with this one, each
 * from its own server, so that both are measured in the same conditions of a shared machine. BENCH_CONSOLE_PROFILE
 * names a file to write a CPU profile of the page to (Chrome's .cpuprofile, which DevTools' Performance panel opens)
 * from the navigation to the first rows: of one more load of this build on the first database, not counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { defaultJsonTemplate } from '../domain/template/defaults';
import { postCreated } from './coreApi';
import { login } from './identity';
import { type BenchDatabase, percentile, row } from './measure';
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
const BASELINE_DIR = process.env.BENCH_CONSOLE_BASELINE
  ? path.resolve(process.env.BENCH_CONSOLE_BASELINE)
  : null;
const PASSES = 30;
const PROFILE_FILE = process.env.BENCH_CONSOLE_PROFILE
  ? path.resolve(process.env.BENCH_CONSOLE_PROFILE)
  : null;
/** µs between the profiler's samples: fine enough to see a render's parts under a 4× slowed CPU */
const PROFILE_SAMPLING_US = 200;

/** The scripts a first visit fetches before anything runs: index.html's scripts and its modulepreload links. */
export function initialScripts(consoleDir = CONSOLE_DIR): string[] {
  const html = fs.readFileSync(path.join(consoleDir, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => tag.startsWith('<script') || /rel="modulepreload"/.test(tag))
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

/**
 * Runs in the page before its scripts: notes the moment the list's table shows its first row with data. The rows
 * of the table while it loads hold only no-break spaces (react-admin's placeholders): blank text is no data.
 */
function watchForFirstRows(): void {
  const page = globalThis as unknown as PageGlobals;
  const observer = new page.MutationObserver(() => {
    const firstRow = page.document.querySelector('table tbody tr');
    if (!firstRow?.textContent?.trim()) return;
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

/** Main-thread time (ms) of the page until its first rows: running scripts, style and layout, all its tasks. */
interface MainThread {
  script: number;
  styleAndLayout: number;
  tasks: number;
}

/** The renderer's cumulative main-thread durations (Chrome DevTools Protocol's Performance domain), in ms. */
async function mainThread(cdp: CDPSession): Promise<MainThread> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => 1000 * (metrics.find((metric) => metric.name === name)?.value ?? 0);
  return {
    script: value('ScriptDuration'),
    styleAndLayout: value('RecalcStyleDuration') + value('LayoutDuration'),
    tasks: value('TaskDuration'),
  };
}

interface ColdLoad {
  firstRowsMs: number;
  mainThread: MainThread;
  scriptBytes: number;
  totalBytes: number;
  requests: number;
}

/**
 * One cold load of /passes/pass by a signed-in user in a fresh browser context (empty cache), slowed down; with
 * `profileFile`, the page's CPU profile until its first rows is written there.
 */
async function coldLoad(
  browser: Browser,
  url: string,
  session: string,
  profileFile: string | null = null,
): Promise<ColdLoad> {
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
    await cdp.send('Performance.enable');
    const transfer = countTransfer(cdp);
    if (profileFile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: PROFILE_SAMPLING_US });
      await cdp.send('Profiler.start');
    }
    const before = await mainThread(cdp);
    await page.goto(`${url}/passes/pass`);
    const firstRows = () => (globalThis as unknown as PageGlobals).firstRowsAt;
    const handle = await page.waitForFunction(firstRows, undefined, { timeout: 60_000, polling: 50 });
    // read at once: what the page does after its rows until this answer (a few ms) counts too
    const until = await mainThread(cdp);
    const firstRowsMs = Number(await handle.jsonValue());
    if (profileFile) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(profileFile, JSON.stringify(profile));
    }
    // the requests the first screen started after its rows (the project names of the rows, icons) end too
    await page.waitForLoadState('networkidle');
    return {
      firstRowsMs,
      mainThread: {
        script: until.script - before.script,
        styleAndLayout: until.styleAndLayout - before.styleAndLayout,
        tasks: until.tasks - before.tasks,
      },
      scriptBytes: transfer.script,
      totalBytes: transfer.total,
      requests: transfer.requests,
    };
  } finally {
    await context.close();
  }
}

type BenchServer = Awaited<ReturnType<typeof startProductServer>> & { session: string };

/** A server of the console with a project, a template and 30 passes, and a signed-in session of its admin. */
async function startBenchServer(port: number, env: Record<string, string>): Promise<BenchServer> {
  const server = await startProductServer(port, env);
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
    const me = await fetch(`${server.url}/api/core/v1/user/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { id: userId } = (await me.json()) as { id: string };
    // a returning user's stored session (src/auth/session.ts), valid for the run (tokens last an hour by default)
    const expiresAt = Date.now() + 30 * 60_000;
    return { ...server, session: JSON.stringify({ token, expiresAt, userId }) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** One line of figures: the median and the spread of the loads, the medians of their main-thread times. */
function summary(label: string, loads: ColdLoad[]): string {
  const times = loads.map((load) => load.firstRowsMs);
  const median = percentile(times, 50);
  const medianOf = (pick: (thread: MainThread) => number) =>
    percentile(
      loads.map((load) => pick(load.mainThread)),
      50,
    ).toFixed(0);
  const last = loads[loads.length - 1];
  return row([
    label,
    median.toFixed(0),
    `${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)}`,
    median <= LOAD_GOAL_MS ? 'met' : 'NOT met',
    medianOf((thread) => thread.script),
    medianOf((thread) => thread.styleAndLayout),
    medianOf((thread) => thread.tasks),
    kB(last.scriptBytes),
    kB(last.totalBytes),
    last.requests,
  ]);
}

/**
 * The console section: initial JavaScript of the build (goal ≤ 300 kB gzip), then BENCH_CONSOLE_LOADS (default 5)
 * cold loads of the pass list per database, each in a fresh browser context: time to the first rows (goal ≤ 2.5 s),
 * its median and spread, the main thread's time in scripts, in style and layout and in all its tasks until then
 * (medians), and the bytes transferred. Skipped, with the reason, without a built console or without Chromium.
 */
export async function benchConsoleLoad(databases: BenchDatabase[]): Promise<void> {
  if (!fs.existsSync(path.join(CONSOLE_DIR, 'index.html'))) {
    console.log(`Skipped: the console is not built (${CONSOLE_DIR}; npm run build).`);
    return;
  }
  const files = initialScripts();
  const sizes = initialSizes(files);
  const verdict = sizes.gzip <= INITIAL_GOAL_BYTES ? 'goal met' : 'goal NOT met';
  console.log(
    `Initial JavaScript (${files.length} files: scripts of index.html and preloaded chunks): ${kB(sizes.raw)} raw, ${kB(sizes.gzip)} gzip` +
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
  console.log(
    row([
      '',
      'p50 ms',
      'min–max ms',
      'goal',
      'script ms',
      'style+layout',
      'all tasks ms',
      'scripts sent',
      'all sent',
      'requests',
    ]),
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS.split(' '),
  });
  try {
    for (const [index, database] of databases.entries()) {
      const builds = [{ name: database.name, env: database.env }];
      if (BASELINE_DIR)
        builds.push({
          name: `${database.name}, baseline`,
          env: { ...database.env, CONSOLE_DIR: BASELINE_DIR },
        });
      const servers: BenchServer[] = [];
      try {
        for (const [offset, build] of builds.entries())
          servers.push(await startBenchServer(18580 + 2 * index + offset, build.env));
        const loads: ColdLoad[][] = servers.map(() => []);
        // warm-up: the servers' first answers, Chromium's start
        for (const server of servers) await coldLoad(browser, server.url, server.session);
        // in turn, so that a change of the machine's load weighs on every build alike
        for (let load = 0; load < LOADS; load += 1)
          for (const [at, server] of servers.entries())
            loads[at].push(await coldLoad(browser, server.url, server.session));
        // one more load, not counted: the profiler slows the page down
        if (PROFILE_FILE && index === 0)
          await coldLoad(browser, servers[0].url, servers[0].session, PROFILE_FILE);
        for (const [at, build] of builds.entries())
          console.log(summary(`first rows (${build.name})`, loads[at]));
      } finally {
        for (const server of servers) await server.stop();
      }
    }
    if (PROFILE_FILE) console.log(`CPU profile of one more load (${databases[0].name}): ${PROFILE_FILE}`);
  } finally {
    await browser.close();
  }
}
