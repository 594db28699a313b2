import { defaultJsonTemplate } from '../domain/template/defaults';
import { startInProcessServer } from './inProcessServer';
import { row, wholeNumberFromEnv, type BenchDatabase } from './measure';

/** The goal: a 100,000-row file imported within 60 s on PostgreSQL. */
const GOAL_SECONDS = 60;
/** The goal is of this size; a smaller run (BENCH_IMPORT_ROWS) is not judged. */
const GOAL_ROWS = 100_000;

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    points: { type: 'integer', minimum: 0 },
    holder: { type: 'object', properties: { city: { type: 'string' } } },
  },
  required: ['name'],
};

/** A Czech Excel file: `;`, CRLF, a nested column. */
function csvOf(rows: number): Buffer {
  const lines = ['name;points;holder.city'];
  for (let index = 0; index < rows; index += 1) lines.push(`Člen ${index};${index % 1000};Praha`);
  return Buffer.from(lines.join('\r\n'));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 29: a CSV import end to end (upload → job done) through the HTTP API of a server in this process: seconds,
 * rows/s and the process's peak RSS while it ran (sampled). BENCH_IMPORT_ROWS sets the size (100,000).
 */
export async function benchPassImport(databases: BenchDatabase[]): Promise<void> {
  const rows = wholeNumberFromEnv('BENCH_IMPORT_ROWS', GOAL_ROWS);
  const file = csvOf(rows);
  console.log(
    row([
      `${rows} rows (${(file.length / 1e6).toFixed(1)} MB)`,
      'seconds',
      'rows/s',
      'peak RSS MB',
      `goal ≤ ${GOAL_SECONDS} s`,
    ]),
  );
  for (const database of databases) {
    const server = await startInProcessServer(0, database.env);
    try {
      const projectId = await server.post('project', { name: 'Import bench' });
      const templateId = await server.post('template', {
        name: 'Import bench',
        projectId,
        languages: ['en'],
        jsonTemplate: defaultJsonTemplate(),
        dynamicDataJsonSchema: SCHEMA,
      });
      const headers = { authorization: `Bearer ${server.token}` };
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
      const started = performance.now();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'passes.csv');
      const response = await fetch(`${server.url}/api/core/v1/pass/import?templateId=${templateId}`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (response.status !== 202) throw new Error(`import: ${response.status} ${await response.text()}`);
      const { jobId } = (await response.json()) as { jobId: string };
      let progress: { state: string; created: number; failed: number } = {
        state: 'queued',
        created: 0,
        failed: 0,
      };
      while (progress.state === 'queued' || progress.state === 'running') {
        await sleep(250);
        const answer = await fetch(`${server.url}/api/core/v1/pass/import/${jobId}`, { headers });
        progress = (await answer.json()) as typeof progress;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      if (progress.state !== 'done' || progress.created !== rows)
        throw new Error(`import ended ${progress.state}: ${JSON.stringify(progress).slice(0, 300)}`);
      console.log(
        row([
          database.name,
          seconds.toFixed(1),
          Math.round(rows / seconds),
          Math.round(peak / 1e6),
          database.name !== 'PostgreSQL' || rows !== GOAL_ROWS
            ? '—'
            : seconds <= GOAL_SECONDS
              ? 'met'
              : 'missed',
        ]),
      );
    } finally {
      await server.close();
    }
  }
}
