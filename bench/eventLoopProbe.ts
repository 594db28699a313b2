import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The event loop's delay in a server process, as bench/processes.ts reads it back (milliseconds). */
export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** the process's CPU time (user and system, all its threads) in the same while */
  cpuMs: number;
}

/**
 * Loaded into a server process by the benches (`node --require`, EVENT_LOOP_DELAY_FILE set): measures how late the
 * event loop runs a 1 ms timer, and the process's CPU time. Each SIGUSR2 writes the figures since the previous one to that file and starts
 * again, so a bench measures only its load (not the start, migrations included).
 */
const file = process.env.EVENT_LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
  let cpu = process.cpuUsage();
  process.on('SIGUSR2', () => {
    const used = process.cpuUsage(cpu);
    const figures: EventLoopDelay = {
      p50Ms: ms(delay.percentile(50)),
      p99Ms: ms(delay.percentile(99)),
      maxMs: ms(delay.max),
      cpuMs: Math.round((used.user + used.system) / 1000),
    };
    fs.writeFileSync(`${file}.part`, JSON.stringify(figures));
    fs.renameSync(`${file}.part`, file);
    delay.reset();
    cpu = process.cpuUsage();
  });
}
