import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Who holds an embedded database: written once by its owner, read by whoever is refused. */
export interface DataDirOwner {
  pid: number;
  host: string;
  /** when the owner took the folder (ISO 8601) */
  since: string;
  command: string;
  /** the kernel's start time of the owner process (Linux), which tells the owner from a later process given its pid */
  processStart: string | undefined;
  nonce: string;
}

export interface DataDirLock {
  /** Gives the folder up (on clean close); the next process takes it without looking at this one. */
  release(): void;
}

/** The folder of the lock, next to the database it guards; named in every refusal. */
export const LOCK_FOLDER = 'pglite.lock';
/** An owner on another host renews its lock this often; one not renewed for STALE_AFTER_MS is gone. */
const RENEW_EVERY_MS = 10_000;
const STALE_AFTER_MS = 60_000;
const OWNER_FILE = /^owner\.(\d+)\.json$/;

/** A second process on a folder that has an owner: says who it is and what to do. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner,
    renewedAt = Date.now(),
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process: ${describeOwner(owner, renewedAt)}. ` +
        'Only one process may open it at a time: stop that process first, then run this again ' +
        '(or give this one another DATA_DIR; to run several processes on one database, use PostgreSQL with ' +
        `DATABASE_URL). If that process is surely gone, delete the folder ${path.join(dataDir, LOCK_FOLDER)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function describeOwner(owner: DataDirOwner, renewedAt: number): string {
  const seconds = Math.round((Date.now() - renewedAt) / 1000);
  const where =
    owner.host === os.hostname()
      ? owner.pid === process.pid
        ? 'this very process'
        : `pid ${owner.pid} on this host (${owner.host})`
      : `pid ${owner.pid} on host ${owner.host} (which renewed its claim ${seconds} s ago; a claim not renewed for ` +
        `${STALE_AFTER_MS / 1000} s lapses)`;
  return `${where}, since ${owner.since}, command "${owner.command}"`;
}

/** `npm start: node dist/node/server/main.js`: what a person would recognise in their terminal. */
function commandLine(): string {
  const script = process.env.npm_lifecycle_event;
  const argv = [path.basename(process.execPath), ...process.argv.slice(1)].join(' ');
  return script ? `npm ${script === 'start' ? 'start' : `run ${script}`}: ${argv}` : argv;
}

/** Field 22 of /proc/{pid}/stat (clock ticks after boot); undefined where there is no /proc. */
function processStartOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: count from the last ')'
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether an owner can no longer be using the folder. On this host: its process is gone, or its pid now belongs
 * to another process (a container restarted gives the same pids again). On another host its process cannot be
 * seen: it is gone when it stopped renewing its lock.
 */
function isGone(owner: DataDirOwner, renewedAt: number): boolean {
  if (owner.host !== os.hostname()) return Date.now() - renewedAt > STALE_AFTER_MS;
  // A live lock of this process is refused before any file is read: an owner with our pid is an earlier life.
  if (owner.pid === process.pid) return true;
  if (!isRunning(owner.pid)) return true;
  const start = processStartOf(owner.pid);
  return owner.processStart !== undefined && start !== undefined && start !== owner.processStart;
}

interface OwnerFile {
  /** undefined when the file cannot be read as an owner (tampered with): nobody holds the folder through it */
  owner: DataDirOwner | undefined;
  /** when the owner last renewed its claim (the file's modification time) */
  renewedAt: number;
}

function readOwnerFile(folder: string, generation: number): OwnerFile | 'vanished' {
  const file = path.join(folder, `owner.${generation}.json`);
  try {
    const renewedAt = fs.statSync(file).mtimeMs;
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<DataDirOwner>;
    // a pid of 0 or below would name a process group, which always "runs"
    const valid =
      Number.isInteger(parsed.pid) &&
      (parsed.pid as number) > 0 &&
      typeof parsed.host === 'string' &&
      typeof parsed.nonce === 'string';
    return { owner: valid ? (parsed as DataDirOwner) : undefined, renewedAt };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'vanished';
    return { owner: undefined, renewedAt: 0 };
  }
}

function generations(folder: string): number[] {
  return fs
    .readdirSync(folder)
    .map((name) => OWNER_FILE.exec(name)?.[1])
    .filter((match): match is string => match !== undefined)
    .map(Number)
    .sort((a, b) => b - a);
}

const heldInThisProcess = new Map<string, DataDirOwner>();

/**
 * Makes this process the one owner of an embedded database folder, or throws DataDirInUseError naming the owner.
 *
 * Owners are files `owner.{n}.json` in `{dataDir}/pglite.lock`; the highest n is the owner. A newcomer facing a gone
 * owner (killed, even with -9) creates n+1 with an exclusive hard link of a complete file, so of several newcomers
 * at the same moment exactly one gets n+1; each then checks that no higher n appeared while it was linking (a
 * slower newcomer may link an n that a faster one had already cleared) before it removes the older files. Nothing is
 * ever renamed or overwritten, so no newcomer can remove the file of a live owner.
 *
 * @example const lock = lockDataDir('./data'); try { ... } finally { lock.release(); }
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const folder = path.join(path.resolve(dataDir), LOCK_FOLDER);
  const heldHere = heldInThisProcess.get(folder);
  if (heldHere) throw new DataDirInUseError(path.resolve(dataDir), heldHere);
  fs.mkdirSync(folder, { recursive: true });
  const me: DataDirOwner = {
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    command: commandLine(),
    processStart: processStartOf(process.pid),
    nonce: crypto.randomBytes(12).toString('hex'),
  };
  const draft = path.join(folder, `.draft-${me.pid}-${me.nonce}`);
  fs.writeFileSync(draft, JSON.stringify(me), { mode: 0o644 });
  try {
    // Each pass either ends or saw another process change the folder: a handful is plenty even for many racers.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const [highest] = generations(folder);
      let next = 1;
      if (highest !== undefined) {
        const current = readOwnerFile(folder, highest);
        if (current === 'vanished') continue;
        if (current.owner && !isGone(current.owner, current.renewedAt))
          throw new DataDirInUseError(path.resolve(dataDir), current.owner, current.renewedAt);
        next = highest + 1;
      }
      const mine = path.join(folder, `owner.${next}.json`);
      try {
        fs.linkSync(draft, mine);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      if (generations(folder)[0] !== next) {
        fs.rmSync(mine, { force: true });
        continue;
      }
      clearOlder(folder, next);
      return hold(folder, mine, me);
    }
    throw new Error(`Could not take the lock of ${folder}: other processes keep changing it.`);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** Older owner files are of gone owners; drafts older than a minute are of processes killed while starting. */
function clearOlder(folder: string, generation: number): void {
  for (const name of fs.readdirSync(folder)) {
    const match = OWNER_FILE.exec(name);
    const file = path.join(folder, name);
    if (match && Number(match[1]) < generation) fs.rmSync(file, { force: true });
    else if (name.startsWith('.draft-')) {
      try {
        if (Date.now() - fs.statSync(file).mtimeMs > STALE_AFTER_MS) fs.rmSync(file, { force: true });
      } catch {
        // removed by its own process meanwhile
      }
    }
  }
}

function hold(folder: string, file: string, me: DataDirOwner): DataDirLock {
  heldInThisProcess.set(folder, me);
  // Renewal is how a process on another host sharing the folder sees that this one still lives.
  const renewal = setInterval(() => {
    const now = new Date();
    try {
      fs.utimesSync(file, now, now);
    } catch {
      // the folder went away (deleted by hand): nothing to renew
    }
  }, RENEW_EVERY_MS);
  renewal.unref();
  const release = () => {
    clearInterval(renewal);
    process.off('exit', release);
    if (heldInThisProcess.get(folder) !== me) return;
    heldInThisProcess.delete(folder);
    try {
      const current = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<DataDirOwner>;
      if (current.nonce === me.nonce) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  // process.exit() (a failed start, a forced stop) frees the folder at once instead of leaving it to be found gone
  process.on('exit', release);
  return { release };
}
