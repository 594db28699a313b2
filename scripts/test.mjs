import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { buildWhatIsStale } from './build.mjs';

const CHROMIUM = '/usr/bin/chromium';

/** Formatting and lint rules first: a whole run fails on them as on a test. */
function lint() {
  const result = spawnSync('npm', ['run', 'lint', '--silent'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Lint failed: run "npm run format" and fix what eslint reports.');
    process.exit(result.status ?? 1);
  }
}

/** jest compiles without type checks (for speed): the whole run type-checks console, server and tests first. */
function typecheck() {
  for (const project of ['tsconfig.server.json', 'tsconfig.app.json', 'tsconfig.json']) {
    const result = spawnSync('npx', ['tsc', '-p', project, '--noEmit'], { stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`Type errors in ${project}.`);
      process.exit(result.status ?? 1);
    }
  }
}

/** The browser tests drive Debian's Chromium; install it when missing and we may (root on Debian). */
function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM}: install it with "apt-get install -y chromium".`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium for the browser tests (apt-get install chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

// The browser tests drive the built console and server: build what is stale when they are part of the run.
const args = process.argv.slice(2);
const projects = args.flatMap((arg, index) => (args[index - 1] === '--selectProjects' ? [arg] : []));
if (projects.length === 0) {
  lint();
  typecheck();
}
if (projects.length === 0 || projects.includes('e2e')) {
  buildWhatIsStale();
  ensureChromium();
}
// PGlite loads its WebAssembly through a dynamic import, which jest's module sandbox allows only with this flag.
const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ');
const result = spawnSync('npx', ['jest', ...args], {
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: nodeOptions },
});
process.exit(result.status ?? 1);
