import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

/**
 * Starts the built server (run from the repository root) in its own process, with a data directory of its own
 * (removed when it stops), or in the given one (which the caller keeps and removes).
 */
export async function startProductServer(
  port: number,
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer & { admin: { email: string; password: string }; pid: number }> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-bench-'));
  const admin = { email: 'bench@localhost', password: 'Bench-Passw0rd!' };
  const child = spawn(process.execPath, [path.resolve('dist/node/server/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FIRST_ADMIN_EMAIL: admin.email,
      FIRST_ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/config.json`, child);
  const cleanup = () => {
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, admin, pid: child.pid as number, stop: stopper(child, cleanup) };
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
