import { spawnSync } from 'node:child_process';
import { buildWhatIsStale } from './build.mjs';

// The browser tests drive the built console and server, so build what is stale first.
buildWhatIsStale();
// PGlite loads its WebAssembly through a dynamic import, which jest's module sandbox allows only with this flag.
const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ');
const result = spawnSync('npx', ['jest', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: nodeOptions },
});
process.exit(result.status ?? 1);
