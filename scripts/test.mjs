import { spawnSync } from 'node:child_process';
import { buildWhatIsStale } from './build.mjs';

// The browser tests drive the built console and server: build what is stale when they are part of the run.
const args = process.argv.slice(2);
const projects = args.flatMap((arg, index) => (args[index - 1] === '--selectProjects' ? [arg] : []));
if (projects.length === 0 || projects.includes('e2e')) buildWhatIsStale();
// PGlite loads its WebAssembly through a dynamic import, which jest's module sandbox allows only with this flag.
const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ');
const result = spawnSync('npx', ['jest', ...args], {
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: nodeOptions },
});
process.exit(result.status ?? 1);
