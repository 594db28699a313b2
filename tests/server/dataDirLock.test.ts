import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseKinds, freshPostgresDatabase } from './harness';
import {
  BUILT,
  buildServer,
  coreApiOf,
  launchServer,
  runCli,
  startServer,
  type Launch,
  type ServerProcess,
} from './serverProcess';

const WRITES = 20;

/** The names of the projects a server lists (as its admin), in creation order. */
async function projectNames(server: ServerProcess): Promise<string[]> {
  const api = await coreApiOf(server);
  const list = await api('GET', 'project?limit=1000&orderBy=createdAt&order=asc');
  expect(list.status).toBe(200);
  return (list.body.data as Array<{ name: string }>).map((project) => project.name);
}

async function writeProjects(server: ServerProcess, prefix: string, count: number): Promise<string[]> {
  const api = await coreApiOf(server);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `${prefix} ${index}`;
    const created = await api('POST', 'project', { name });
    // an acknowledged write: whatever happens to this process later, the folder must keep it
    expect(created.status).toBe(201);
    names.push(name);
  }
  return names;
}

const ownersIn = (dataDir: string) =>
  fs.readdirSync(path.join(dataDir, 'pglite.lock')).filter((name) => name.startsWith('owner.'));

describe('one owner of an embedded database folder (pglite, separate processes)', () => {
  let dataDir: string;
  let running: ServerProcess | undefined;
  let acknowledged: string[] = [];

  beforeAll(() => {
    buildServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-lock-'));
  }, 180_000);

  afterAll(async () => {
    await running?.stop('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same folder, naming the first, which keeps serving all its data', async () => {
    running = await startServer(dataDir);
    acknowledged = await writeProjects(running, 'Before second', WRITES);

    const second = await launchServer(dataDir);

    if (second.outcome === 'serving') await second.server.stop('SIGKILL');
    expect(second.outcome).toBe('exited');
    const refused = second as Extract<Launch, { outcome: 'exited' }>;
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(`in use by another process: pid ${running.pid} on this host`);
    expect(refused.output).toContain('server/main.js');
    expect(refused.output).toMatch(/since \d{4}-\d\d-\d\dT/);
    expect(refused.output).toContain('stop that process first');
    acknowledged.push(...(await writeProjects(running, 'After second', WRITES)));
    expect(await projectNames(running)).toEqual(acknowledged);
  }, 120_000);

  it('refuses npm run demo-data while the server runs, naming the server, and changes nothing', async () => {
    const server = running as ServerProcess;

    const demoData = await runCli('cli/demoData.js', dataDir);

    expect(demoData.code).not.toBe(0);
    expect(demoData.output).toContain(`pid ${server.pid} on this host`);
    expect(demoData.output).toContain('stop that process first');
    expect(demoData.output).toContain('DATABASE_URL');
    // the running server can make the demo itself
    expect(demoData.output).toContain('"Create the demo project" on the home page');
    expect(demoData.output).not.toContain('Created project');
    expect(await projectNames(server)).toEqual(acknowledged);
  }, 120_000);

  it('starts over a server killed with -9 without a manual step, with every acknowledged write', async () => {
    await (running as ServerProcess).stop('SIGKILL');

    running = await startServer(dataDir);

    expect(await projectNames(running)).toEqual(acknowledged);
    acknowledged.push(...(await writeProjects(running, 'After kill', WRITES)));
  }, 120_000);

  it('lets exactly one of two servers started at the same moment take a folder whose owner was killed', async () => {
    await (running as ServerProcess).stop('SIGKILL');

    const launches = await Promise.all([launchServer(dataDir), launchServer(dataDir)]);

    const serving = launches.flatMap((launch) => (launch.outcome === 'serving' ? [launch.server] : []));
    const exited = launches.flatMap((launch) => (launch.outcome === 'exited' ? [launch] : []));
    running = serving[0];
    for (const extra of serving.slice(1)) await extra.stop('SIGKILL');
    expect(serving).toHaveLength(1);
    expect(exited[0].code).not.toBe(0);
    expect(exited[0].output).toContain(`pid ${serving[0].pid} on this host`);
    expect(await projectNames(serving[0])).toEqual(acknowledged);
  }, 120_000);

  it('frees the folder on a clean stop: nothing is left to take over and the next server has all the data', async () => {
    const code = await (running as ServerProcess).stop('SIGTERM');
    running = undefined;

    expect(code).toBe(0);
    expect(ownersIn(dataDir)).toEqual([]);
    running = await startServer(dataDir);
    expect(await projectNames(running)).toEqual(acknowledged);
  }, 120_000);
});

interface Contender {
  child: ChildProcess;
  /** loaded, waiting for the moment */
  ready: Promise<void>;
  /** 'taken', or 'refused, owner {pid}' */
  result: Promise<string>;
}

/**
 * A process that reads a moment on its stdin, waits for it without yielding (so that racers on other cores try at
 * the very same time), tries to take the folder, prints what happened, and holds the folder until its stdin ends.
 */
function contender(dataDir: string): Contender {
  const script = `
    const { lockDataDir } = require(${JSON.stringify(path.join(BUILT, 'kernel', 'db', 'dataDirLock.js'))});
    console.log('ready');
    process.stdin.once('data', (moment) => {
      while (Date.now() < Number(moment)) {}
      try {
        lockDataDir(${JSON.stringify(dataDir)});
        console.log('taken');
      } catch (error) {
        console.log(error.owner ? 'refused, owner ' + error.owner.pid : 'failed: ' + error.message);
      }
    });
    process.stdin.on('end', () => process.exit(0));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiting: Array<() => void> = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiting.splice(0)) wake();
  });
  const line = async (index: number): Promise<string> => {
    while (lines.length <= index) await new Promise<void>((resolve) => waiting.push(resolve));
    return lines[index];
  };
  return { child, ready: line(0).then(() => undefined), result: line(1) };
}

/** Processes that all try to take the folder at one moment; answers them and what each got. */
async function race(dataDir: string, count: number): Promise<{ racers: Contender[]; results: string[] }> {
  const racers = Array.from({ length: count }, () => contender(dataDir));
  await Promise.all(racers.map((racer) => racer.ready));
  const moment = Date.now() + 200;
  for (const racer of racers) racer.child.stdin?.write(`${moment}\n`);
  return { racers, results: await Promise.all(racers.map((racer) => racer.result)) };
}

const killed = (child: ChildProcess) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });

describe('taking over a folder whose owner was killed (racing processes)', () => {
  const ROUNDS = 8;
  const RACERS = 6;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(() => {
    buildServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-lock-race-'));
  }, 180_000);

  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the folder to exactly one of six processes trying at the same moment, the others naming it', async () => {
    const first = await race(dataDir, 1);
    children.push(first.racers[0].child);
    expect(first.results).toEqual(['taken']);
    let owner = first.racers[0];

    for (let round = 0; round < ROUNDS; round += 1) {
      await killed(owner.child);
      const { racers, results } = await race(dataDir, RACERS);
      children.push(...racers.map((racer) => racer.child));

      const winner = racers[results.indexOf('taken')];
      expect([...results].sort()).toEqual([
        ...Array.from({ length: RACERS - 1 }, () => `refused, owner ${winner?.child.pid}`),
        'taken',
      ]);
      for (const loser of racers.filter((racer) => racer !== winner)) loser.child.stdin?.end();
      owner = winner;
    }
  }, 120_000);
});

describe.each(databaseKinds)('a second server on the same DATA_DIR (%s, separate processes)', (kind) => {
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let env: Record<string, string> = {};
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    buildServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-lock-second-'));
    if (kind === 'postgres') {
      const database = await freshPostgresDatabase();
      drop = database.drop;
      env = { DATABASE_URL: database.url };
    }
    servers.push(await startServer(dataDir, env));
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.stop('SIGTERM');
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('is refused on the embedded database, and serves beside the first on PostgreSQL (no lock there)', async () => {
    const [first] = servers;

    const second = await launchServer(dataDir, env);

    if (second.outcome === 'serving') servers.push(second.server);
    if (kind === 'pglite') {
      expect(second.outcome).toBe('exited');
      expect((second as Extract<Launch, { outcome: 'exited' }>).output).toContain(
        `pid ${first.pid} on this host`,
      );
    } else {
      expect(second.outcome).toBe('serving');
      const written = await writeProjects(first, 'Shared', 3);
      expect(await projectNames(servers[1])).toEqual(written);
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    }
  }, 60_000);
});
