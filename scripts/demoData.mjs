import { spawnSync } from 'node:child_process';
import { buildWhatIsStale } from './build.mjs';

// npm run demo-data: builds what changed, then fills the project "Demo" (server/cli/demoData.ts)
buildWhatIsStale();
const result = spawnSync(process.execPath, ['dist/node/server/cli/demoData.js'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
