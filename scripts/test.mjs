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

/**
 * jest compiles without type checks (for speed): the whole run type-checks server, console and tests first. The
 * server's check is its build (tsc -b, which the browser tests and the processes some server suites start need
 * anyway): once, not twice.
 */
function typecheck() {
  const checks = [
    ['-b', 'tsconfig.server.json'],
    ['-p', 'tsconfig.app.json', '--noEmit'],
    ['-p', 'tsconfig.json', '--noEmit'],
  ];
  for (const [mode, project, ...rest] of checks) {
    const result = spawnSync('npx', ['tsc', mode, project, ...rest], { stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`Type errors in ${project}.`);
      process.exit(result.status ?? 1);
    }
  }
}

/** What the tests use of the system: Debian's Chromium (browser tests) and poppler's pdftotext (invoices read back). */
const SYSTEM_TOOLS = [
  { path: CHROMIUM, pkg: 'chromium', needs: 'The browser tests need Chromium' },
  {
    path: '/usr/bin/pdftotext',
    pkg: 'poppler-utils',
    needs: "The invoice tests read PDFs back with poppler's pdftotext",
  },
];

/** Installs the system tools the tests need when missing and we may (root on Debian); stops with the command otherwise. */
function ensureSystemTools(tools) {
  const missing = tools.filter((tool) => !fs.existsSync(tool.path));
  if (missing.length === 0) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  const packages = missing.map((tool) => tool.pkg);
  if (!canInstall) {
    for (const tool of missing) console.error(`${tool.needs} at ${tool.path}.`);
    console.error(`Install them with "apt-get install -y ${packages.join(' ')}".`);
    process.exit(1);
  }
  console.log(`Installing what the tests need (apt-get install ${packages.join(' ')})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
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
const runs = (project) => projects.length === 0 || projects.includes(project);
ensureSystemTools(SYSTEM_TOOLS.filter((tool) => (tool.pkg === 'chromium' ? runs('e2e') : runs('server'))));
if (runs('e2e')) buildWhatIsStale();
// PGlite loads its WebAssembly through a dynamic import, which jest's module sandbox allows only with this flag.
const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ');

/**
 * How many test files run at once: two (one a core) for the domain, server and console suites, each worker recycled
 * once it holds 1.5 GB (a suite's database and modules are not all given back); the browser tests one at a time, each
 * with its server and Chromium. What the command line says wins.
 */
const WORKERS = {
  parallel: ['--maxWorkers=2', '--workerIdleMemoryLimit=1500MB'],
  browser: ['--maxWorkers=1'],
};
const chosesWorkers = args.some((arg) => /^(--maxWorkers|-w|--runInBand|-i)\b/.test(arg));
const workersFor = (browserOnly) => (chosesWorkers ? [] : browserOnly ? WORKERS.browser : WORKERS.parallel);

function jest(jestArgs) {
  const result = spawnSync('npx', ['jest', ...jestArgs], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
  });
  return result.status ?? 1;
}

// The whole run: the suites that run two at a time, then the browser tests one at a time; any failure fails it.
const status =
  args.length === 0
    ? Math.max(
        jest(['--selectProjects', 'domain', 'server', 'console', ...workersFor(false)]),
        jest(['--selectProjects', 'e2e', ...workersFor(true)]),
      )
    : jest([...args, ...workersFor(projects.length > 0 && projects.every((project) => project === 'e2e'))]);
process.exit(status);
