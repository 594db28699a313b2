import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The event loop's delay in a server process, as bench/processes.ts reads it back (milliseconds). */
export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * Loaded into a server process by the benches (`node --require`, EVENT_LOOP_DELAY_FILE set): measures how late the
 * event loop runs a 1 ms timer. Each SIGUSR2 writes the figures since the previous one to that file and starts
 * again, so a bench measures only its load (not the start, migrations included).
 */
const file = process.env.EVENT_LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
  process.on('SIGUSR2', () => {
    const figures: EventLoopDelay = {
      p50Ms: ms(delay.percentile(50)),
      p99Ms: ms(delay.percentile(99)),
      maxMs: ms(delay.max),
    };
    fs.writeFileSync(`${file}.part`, JSON.stringify(figures));
    fs.renameSync(`${file}.part`, file);
    delay.reset();
  });
}
