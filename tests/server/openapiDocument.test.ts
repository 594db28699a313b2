import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import ts from 'typescript';
import { ADMIN, describeOnEachDatabase } from './harness';
import { CLIENT_PROGRAM } from './openapiClientProgram';
import { GOOD_SIZES, jsonTemplate, png, DYNAMIC_DATA_SCHEMA } from './passFixtures';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface PathItem {
  servers?: Array<{ url: string }>;
  [method: string]: unknown;
}
interface Document {
  servers: Array<{ url: string; description: string }>;
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, Schema> };
}

function operationsOf(document: Document): Array<{ path: string; method: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      path,
      method,
      operation: item[method] as Operation,
    })),
  );
}

const run = promisify(execFile);

/**
 * Generates the client's types from openapi.json into api.d.ts as docs/api.md says, a file field typed as a Blob
 * (openapi-typescript's `transform`); in a Node process of its own, as openapi-typescript is an ES module.
 */
const GENERATE_TYPES = `
import fs from 'node:fs';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
const ast = await openapiTS(new URL('./openapi.json', import.meta.url), {
  transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
});
fs.writeFileSync('api.d.ts', astToString(ast));
`;

/** Type errors of the program compiled with the generated types, strict, as an integrator's project would. */
function typeErrors(directory: string): string[] {
  const program = ts.createProgram([path.join(directory, 'program.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describeOnEachDatabase('the OpenAPI document', (server) => {
  let document: Document;

  beforeAll(async () => {
    const response = await server().call(undefined, { method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });

  it('gives every operation an operationId and a summary, each operationId once', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(150);
    expect(operations.filter(({ operation }) => !operation.operationId || !operation.summary)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id ?? ''))).toBe(true);
  });

  it("names a resource's calls after it: listPasses, getPass, createPass, … getPassHistory", () => {
    const idOf = (path: string, method: string) => (document.paths[path][method] as Operation).operationId;
    expect({
      list: idOf('/v1/pass', 'get'),
      create: idOf('/v1/pass', 'post'),
      get: idOf('/v1/pass/{id}', 'get'),
      replace: idOf('/v1/pass/{id}', 'put'),
      patch: idOf('/v1/pass/{id}', 'patch'),
      delete: idOf('/v1/pass/{id}', 'delete'),
      batch: idOf('/v1/pass/batch', 'post'),
      history: idOf('/v1/pass/{id}/history', 'get'),
      entries: idOf('/api/ticket/v1/ticketEntry', 'get'),
      upload: idOf('/v1/image', 'post'),
    }).toEqual({
      list: 'listPasses',
      create: 'createPass',
      get: 'getPass',
      replace: 'replacePass',
      patch: 'patchPass',
      delete: 'deletePass',
      batch: 'batchPasses',
      history: 'getPassHistory',
      entries: 'listTicketEntries',
      upload: 'uploadImage',
    });
  });

  it('names the entities, their bodies, pages and the error under components/schemas, referenced by $ref', () => {
    const schemas = document.components.schemas;
    for (const name of ['Pass', 'PassWrite', 'PassPatch', 'PassList', 'Template', 'TemplateWrite', 'Image'])
      expect(schemas[name]).toBeDefined();
    for (const name of [
      'Certificate',
      'Project',
      'User',
      'UserCreate',
      'UserUpdate',
      'ApiClient',
      'Error',
      'Token',
    ])
      expect(schemas[name]).toBeDefined();
    const item = document.paths['/v1/pass/{id}'];
    const answer = (operation: unknown, status: string) =>
      (operation as Operation).responses[status].content?.['application/json'].schema;
    expect(answer(item.get, '200')).toEqual({ $ref: '#/components/schemas/Pass' });
    expect(answer(item.get, '404')).toEqual({ $ref: '#/components/schemas/Error' });
    expect((item.put as Operation).requestBody?.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PassWrite',
    });
    expect(schemas.PassList.properties?.data.items).toEqual({ $ref: '#/components/schemas/Pass' });
    expect(answer(document.paths['/v1/image'].post, '201')).toEqual({ $ref: '#/components/schemas/Image' });
  });

  it('declares the uploads as multipart/form-data: a binary file and their text fields', () => {
    const bodyOf = (path: string) =>
      (document.paths[path].post as Operation).requestBody?.content['multipart/form-data'].schema;
    const image = bodyOf('/v1/image');
    expect(image?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(image?.properties ?? {})).toEqual(['file', 'projectId', 'type', 'name']);
    expect(image?.required).toEqual(['file', 'projectId', 'type']);
    const certificate = bodyOf('/v1/certificate/{id}/upload');
    expect(certificate?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('lists the core API and the root as servers: /v1/... and /oauth2/token at both, /auth/... at the core API', () => {
    const origin = server().context.config.publicUrl;
    expect(document.servers.map((entry) => entry.url)).toEqual([`${origin}/api/core`, origin]);
    expect(document.paths['/v1/pass'].servers).toBeUndefined();
    expect(document.paths['/oauth2/token'].servers).toBeUndefined();
    expect(document.paths['/auth/login'].servers).toEqual([
      expect.objectContaining({ url: `${origin}/api/core` }),
    ]);
    expect(document.paths['/api/ticket/v1/order'].servers).toEqual([
      expect.objectContaining({ url: origin }),
    ]);
    expect(document.paths['/health'].servers).toEqual([expect.objectContaining({ url: origin })]);
    expect(Object.keys(document.paths).filter((key) => key.startsWith('/api/core/'))).toEqual([]);
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('generates a typed client that compiles with no cast and runs sign-in, upload, template, pass, patch, list, delete', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-client-'));
    try {
      fs.symlinkSync(path.resolve(__dirname, '../../node_modules'), path.join(directory, 'node_modules'));
      fs.writeFileSync(path.join(directory, 'openapi.json'), JSON.stringify(document));
      fs.writeFileSync(path.join(directory, 'generate.mjs'), GENERATE_TYPES);
      await run(process.execPath, ['generate.mjs'], { cwd: directory, timeout: 60_000 });
      fs.writeFileSync(path.join(directory, 'program.ts'), CLIENT_PROGRAM);
      expect(CLIENT_PROGRAM).not.toMatch(/\bas\s+(?!const\b)[A-Za-z{[(]|\bany\b|[=(,]\s*<\w+>/);
      expect(typeErrors(directory)).toEqual([]);

      const javascript = ts.transpileModule(CLIENT_PROGRAM, {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      fs.writeFileSync(path.join(directory, 'program.cjs'), javascript);
      const address = await server().app.listen({ port: 0, host: '127.0.0.1' });
      const projectId = await server().createProject('Generated client');
      const input = {
        origin: address,
        email: ADMIN.email,
        password: ADMIN.password,
        projectId,
        pngBase64: png(...GOOD_SIZES.icon).toString('base64'),
        template: {
          name: 'Generated client card',
          jsonTemplate: jsonTemplate(),
          languages: ['en'],
          dynamicDataJsonSchema: DYNAMIC_DATA_SCHEMA,
        },
      };
      const launcher =
        "require('./program.cjs').run(JSON.parse(process.argv[1]))" +
        '.then((result) => console.log(JSON.stringify(result)), (error) => { console.error(error); process.exit(1); })';
      const { stdout } = await run(process.execPath, ['-e', launcher, JSON.stringify(input)], {
        cwd: directory,
        timeout: 60_000,
      });
      const result = JSON.parse(stdout);

      expect(result.image).toEqual({ id: expect.any(String), type: 'icon', width: GOOD_SIZES.icon[0] });
      expect(result.template.icon).toBe(result.image.id);
      expect(result.pass.templateId).toBe(result.template.id);
      expect(result.patchedData).toEqual({ name: 'Ada', points: 7 });
      expect(result.listed).toEqual({ ids: [result.pass.id], totalCount: 1 });
      expect(result.deletedAt).toEqual(expect.any(String));
      expect(result.afterDelete).toBe(404);
      const stored = await server().call(await server().adminToken(), {
        method: 'GET',
        url: `/api/core/v1/pass/${result.pass.id}?deleted=true`,
      });
      expect(stored.json()).toMatchObject({
        deletedAt: result.deletedAt,
        dynamicData: { name: 'Ada', points: 7 },
      });
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);
});
