import { spawnSync } from 'node:child_process';
import { isStale } from './stale.mjs';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds the server and the console when their sources changed since the last build. */
export function buildWhatIsStale({ quiet = false } = {}) {
  const say = (line) => quiet || console.log(line);
  // bench/ is part of the server's TypeScript project (npm run bench runs its build), with the Google stand-in
  const serverInputs = [
    'server',
    'domain',
    'bench',
    'tests/server/googleStandIn.ts',
    'tsconfig.server.json',
    'tsconfig.base.json',
  ];
  if (isStale('dist/node/server/main.js', serverInputs)) {
    say('Building the server…');
    run('npx', ['tsc', '-b', 'tsconfig.server.json']);
  }
  const consoleInputs = [
    'src',
    'domain',
    'index.html',
    'vite.config.mts',
    'scripts/compressAssets.mjs',
    'public',
    'package.json',
  ];
  if (isStale('dist/console/index.html', consoleInputs)) {
    say('Building the console…');
    run('npx', ['vite', 'build', '--logLevel', 'warn']);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildWhatIsStale();
