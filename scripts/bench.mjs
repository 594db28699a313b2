import { spawnSync } from 'node:child_process';
import { buildWhatIsStale } from './build.mjs';

buildWhatIsStale();
const result = spawnSync(process.execPath, ['dist/node/bench/index.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
