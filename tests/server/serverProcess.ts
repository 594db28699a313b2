import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ADMIN } from './harness';

const ROOT = path.resolve(__dirname, '..', '..');
/** The compiled server that `npm start` runs, and the CLIs next to it. */
export const BUILT = path.join(ROOT, 'dist', 'node', 'server');

/** Compiles the server as `npm start` does first (incremental: quick when nothing changed). */
export function buildServer(): void {
  try {
    execFileSync('npx', ['tsc', '-b', 'tsconfig.server.json'], { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    throw new Error(
      `The server does not compile:\n${(error as { stdout?: Buffer }).stdout?.toString() ?? ''}`,
      { cause: error },
    );
  }
}

/** A server process of its own on a data folder, listening on a free port. */
export interface ServerProcess {
  pid: number;
  url: string;
  /** what it printed so far, stdout and stderr */
  output(): string;
  /** Sends the signal and answers the exit code (null when the signal ended it). */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

export type Launch =
  { outcome: 'serving'; server: ServerProcess } | { outcome: 'exited'; code: number | null; output: string };

/** The environment of a server or CLI on `dataDir`: embedded database unless DATABASE_URL says otherwise. */
export function processEnv(dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    CONSOLE_DIR: path.join(dataDir, 'console'),
    FIRST_ADMIN_EMAIL: ADMIN.email,
    FIRST_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
    ...env,
  };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Starts `npm start`'s server (dist/node/server/main.js) and answers once it listens, or once it exited instead. */
export function launchServer(dataDir: string, env: Record<string, string> = {}): Promise<Launch> {
  const child = spawn(process.execPath, [path.join(BUILT, 'main.js')], {
    cwd: ROOT,
    env: processEnv(dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = exitOf(child);
  return new Promise((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!listening) return;
      child.stdout?.off('data', collect);
      child.stdout?.on('data', (more: Buffer) => (output += more.toString()));
      resolve({
        outcome: 'serving',
        server: {
          pid: child.pid as number,
          url: listening[1],
          output: () => output,
          stop: (signal) => {
            child.kill(signal);
            return exited;
          },
        },
      });
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => resolve({ outcome: 'exited', code, output }));
  });
}

/** Starts a server that must serve; throws with what it printed otherwise. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const launch = await launchServer(dataDir, env);
  if (launch.outcome === 'exited')
    throw new Error(`the server exited with ${launch.code}:\n${launch.output}`);
  return launch.server;
}

/** Runs a compiled CLI (e.g. 'cli/demoData.js', what `npm run demo-data` runs) to its end. */
export function runCli(
  script: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(BUILT, script)], {
    cwd: ROOT,
    env: processEnv(dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return exitOf(child).then((code) => ({ code, output }));
}

/** Signs in as the first admin of a server process and answers a caller of its core API. */
export async function coreApiOf(server: ServerProcess) {
  const login = await fetch(`${server.url}/api/core/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return async (method: string, resource: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api/core/v1/${resource}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}
