import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventLoopDelay } from './eventLoopProbe';
import { SERVER_KEEP_ALIVE_ENV } from './measure';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} did not answer in time`);
}

function stopper(child: ChildProcess, cleanup: () => void) {
  return () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => {
        cleanup();
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** The server's event-loop delay since the previous call (the first call starts the measure). */
async function eventLoopDelayOf(child: ChildProcess, file: string): Promise<EventLoopDelay> {
  fs.rmSync(file, { force: true });
  child.kill('SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 10) {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as EventLoopDelay;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the server did not report its event-loop delay');
}

/**
 * Starts the built server (run from the repository root) in its own process, with a data directory of its own
 * (removed when it stops), or in the given one (which the caller keeps and removes). `eventLoopDelay()` answers the
 * server's event-loop delay since its previous call (bench/eventLoopProbe.ts runs in the server).
 */
export async function startProductServer(
  port: number,
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<
  RunningServer & {
    admin: { email: string; password: string };
    pid: number;
    eventLoopDelay(): Promise<EventLoopDelay>;
  }
> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-bench-'));
  const probeFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-probe-')), 'eventLoop.json');
  const admin = { email: 'bench@localhost', password: 'Bench-Passw0rd!' };
  const probe = path.resolve('dist/node/bench/eventLoopProbe.js');
  // BENCH_CPU_PROF_DIR: each server writes a CPU profile there when it stops (open it in Chrome's DevTools)
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--require', probe, path.resolve('dist/node/server/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        FIRST_ADMIN_EMAIL: admin.email,
        FIRST_ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'warn',
        // benches hammer the API with one token
        API_RATE_LIMIT: '0',
        EVENT_LOOP_DELAY_FILE: probeFile,
        ...SERVER_KEEP_ALIVE_ENV,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/config.json`, child);
  const cleanup = () => {
    fs.rmSync(path.dirname(probeFile), { recursive: true, force: true });
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url,
    admin,
    pid: child.pid as number,
    eventLoopDelay: () => eventLoopDelayOf(child, probeFile),
    stop: stopper(child, cleanup),
  };
}

/** A bare Fastify hello-world in its own process: the ceiling this machine gives any Fastify route. */
export async function startHelloWorld(port: number): Promise<RunningServer> {
  const script = `
    const app = require('fastify')({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, child);
  return { url, stop: stopper(child, () => undefined) };
}
