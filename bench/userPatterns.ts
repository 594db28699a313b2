import { defaultJsonTemplate } from '../domain/template/defaults';
import { percentile, row } from './measure';
import { postCreated } from './coreApi';
import { login } from './identity';
import { startProductServer } from './processes';

/** Close to the default 1 MB body limit, with room for the rest of the body. */
const LONG = 900_000;

/** The same letters on every run, so that runs compare. */
function letters(length: number, alphabet: string, seed = 7): string {
  let state = seed;
  let text = '';
  for (let index = 0; index < length; index += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += alphabet[state % alphabet.length];
  }
  return text;
}

interface Case {
  name: string;
  schema: Record<string, unknown>;
  /** the data of each write (seeded: a write of new letters meets no state the engine kept from the last) */
  data: (seed: number) => Record<string, unknown>;
}

const withCode = (code: Record<string, unknown>) => ({
  type: 'object',
  properties: { code: { type: 'string', ...code } },
});
const withCodes = (code: Record<string, unknown>) => ({
  type: 'object',
  properties: { codes: { type: 'array', items: { type: 'string', ...code } } },
});
const blowUp = '[ab]*a[ab]{900}c';
const evilPatterns = Array.from({ length: 50 }, (_, index) => `[ab]*a[ab]{${index + 30}}(a+)+c`);

/** A normal pass first, then the worst patterns and data found: each answer is 201 or 400, never a hang. */
const CASES: Case[] = [
  {
    name: 'normal: ^[A-Z]{2}-\\d{4}$',
    schema: withCode({ pattern: '^[A-Z]{2}-\\d{4}$' }),
    data: () => ({ code: 'AB-1234' }),
  },
  {
    name: 'issue 11: ^(a+)+$, 40 a and !',
    schema: withCode({ pattern: '^(a+)+$' }),
    data: () => ({ code: `${'a'.repeat(40)}!` }),
  },
  {
    name: '^(a+)+$, 900 kB of a and !',
    schema: withCode({ pattern: '^(a+)+$' }),
    data: () => ({ code: `${'a'.repeat(LONG)}!` }),
  },
  {
    name: 'nested repeats, 900 kB',
    schema: withCode({ pattern: '^(([ab]{1,10}){1,10}){1,4}$' }),
    data: () => ({ code: 'a'.repeat(LONG) }),
  },
  {
    name: `${blowUp}, 0.5 kB (within budget)`,
    schema: withCode({ pattern: blowUp }),
    data: (seed) => ({ code: `${letters(530, 'ab', seed)}c` }),
  },
  {
    name: '[\\p{L}\\p{N}]*a[\\p{L}\\p{N}]{900}c, 0.5 kB (within budget)',
    schema: withCode({ pattern: '[\\p{L}\\p{N}]*a[\\p{L}\\p{N}]{900}c' }),
    data: (seed) => ({ code: `${letters(530, 'aéßΩжあ中ĀŁƒ0123', seed)}c` }),
  },
  {
    name: '[a-z]*a[a-z]{200}c, 2.4 kB (within budget)',
    schema: withCode({ pattern: '[a-z]*a[a-z]{200}c' }),
    data: (seed) => ({ code: `${letters(2_400, 'abcdefghijklmnopqrstuvwxyz', seed)}c` }),
  },
  {
    name: `${blowUp}, 450 values of 2 kB`,
    schema: withCodes({ pattern: blowUp }),
    data: (seed) => ({
      codes: Array.from({ length: 450 }, (_, index) => letters(2_000, 'ab', seed * 1000 + index)),
    }),
  },
  {
    name: '50 blow-up patterns (allOf) on 16 kB',
    schema: { type: 'object', properties: { code: { allOf: evilPatterns.map((pattern) => ({ pattern })) } } },
    data: (seed) => ({ code: letters(16_000, 'ab', seed) }),
  },
  {
    name: '900-instruction pattern, 100,000 short values',
    schema: withCodes({ pattern: '^(?:[a-z]{1,10}){1,45}$' }),
    data: () => ({ codes: Array.from({ length: 100_000 }, () => 'abcd') }),
  },
  {
    name: 'patternProperties and propertyNames, 900 kB key',
    schema: {
      type: 'object',
      patternProperties: { '^(a+)+$': { type: 'integer' } },
      propertyNames: { pattern: '^(?:([a-z]+)+)+$' },
    },
    data: () => ({ [`${'a'.repeat(LONG)}!`]: 1 }),
  },
  {
    name: 'format url, 900 kB of :',
    schema: withCode({ format: 'url' }),
    data: () => ({ code: `http://${':'.repeat(LONG)} ` }),
  },
];

const WRITES = 10;

async function timedWrite(url: string, token: string, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/core/v1/pass`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/**
 * Issue 11, finding 3: the time of a pass write (POST /v1/pass over HTTP, sequential) whose template's dynamic
 * data schema holds the worst patterns found, next to a normal pass write. Goal: every write within 100 ms.
 */
export async function benchUserPatterns(
  databases: Array<{ name: string; env: Record<string, string> }>,
): Promise<void> {
  for (const [index, database] of databases.entries()) {
    const server = await startProductServer(18700 + index, database.env);
    try {
      const { token } = await login(server.url, server.admin.email, server.admin.password);
      const projectId = await postCreated(server.url, token, 'project', { name: 'Patterns' });
      const templateOf = (name: string, schema: Record<string, unknown>) =>
        postCreated(server.url, token, 'template', {
          name,
          projectId,
          languages: ['en'],
          jsonTemplate: defaultJsonTemplate(),
          dynamicDataJsonSchema: schema,
        });
      // the process's first pass writes warm its code up, which is not what this bench measures
      const warmUp = JSON.stringify({
        templateId: await templateOf('Warm-up', CASES[0].schema),
        dynamicData: {},
      });
      for (let attempt = 0; attempt < WRITES; attempt += 1) await timedWrite(server.url, token, warmUp);
      console.log(
        row([`pass write (${database.name}), ${WRITES} sequential`, 'answer', 'p50 ms', 'max ms', 'body kB']),
      );
      for (const { name, schema, data } of CASES) {
        const templateId = await templateOf(name, schema);
        const bodies = Array.from({ length: WRITES }, (_, seed) =>
          JSON.stringify({ templateId, dynamicData: data(seed + 1) }),
        );
        const writes = [];
        for (const body of bodies) writes.push(await timedWrite(server.url, token, body));
        const answers = [...new Set(writes.map((write) => write.status))].join('/');
        const times = writes.map((write) => write.ms);
        console.log(
          row([
            name,
            answers,
            percentile(times, 50).toFixed(1),
            Math.max(...times).toFixed(1),
            Math.round(bodies[0].length / 1000),
          ]),
        );
      }
    } finally {
      await server.stop();
    }
  }
}
