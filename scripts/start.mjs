import { spawn } from 'node:child_process';
import { buildWhatIsStale } from './build.mjs';

buildWhatIsStale();
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/node/server/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
