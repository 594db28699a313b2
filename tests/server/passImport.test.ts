import { Right } from '../../domain/rights';
import { expectError, multipart } from './passFixtures';
import { jsonTemplate } from './passFixtures';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { maintenanceOf } from '../../server/kernel/maintenance';
import { startReceiver, waitFor } from './webhookReceiver';

/** A schema with every type a cell may become, a nested object and a nullable note. */
const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 20 },
    points: { type: 'integer', minimum: 0 },
    vip: { type: 'boolean' },
    balance: { type: 'number' },
    validUntil: { type: 'string', format: 'date-time' },
    note: { type: ['string', 'null'] },
    holder: { type: 'object', properties: { name: { type: 'string' }, city: { type: 'string' } } },
  },
  required: ['name'],
  additionalProperties: false,
};

const LIMIT = 3 * 1024 * 1024;

/** Windows-1250 bytes of the Czech letters these tests use (Node has no Windows-1250 encoder). */
const CP1250: Record<string, number> = {
  Ž: 0x8e,
  ť: 0x9d,
  č: 0xe8,
  ý: 0xfd,
  ů: 0xf9,
  ň: 0xf2,
  ř: 0xf8,
  í: 0xed,
  š: 0x9a,
  Ř: 0xd8,
};
const windows1250 = (text: string) =>
  Buffer.from([...text].map((character) => CP1250[character] ?? character.charCodeAt(0)));

describe.each(databaseKinds)('pass import from CSV (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let projectA: string;
  let projectB: string;
  let templateA: string;
  let otherTemplateA: string;
  let templateB: string;

  const importCsv = (token: string, templateId: string, file: Buffer | string, dryRun = false) =>
    server.call(token, {
      method: 'POST',
      url: `/api/core/v1/pass/import?templateId=${templateId}${dryRun ? '&dryRun=true' : ''}`,
      ...multipart({}, [{ name: 'passes.csv', type: 'text/csv', data: Buffer.from(file) }]),
    });
  const dryRun = (file: Buffer | string, templateId = templateA, token = admin) =>
    importCsv(token, templateId, file, true);
  const passCount = async () =>
    Number(
      (
        await server.context.db
          .selectFrom('pass')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const finished = async (jobId: string, token = admin) => {
    await server.jobsIdle();
    const progress = await server.call(token, { method: 'GET', url: `/api/core/v1/pass/import/${jobId}` });
    expect(progress.statusCode).toBe(200);
    return progress.json();
  };
  const template = async (projectId: string) => {
    const response = await server.call(admin, {
      method: 'POST',
      url: '/api/core/v1/template',
      payload: {
        name: 'Import card',
        projectId,
        jsonTemplate: jsonTemplate(),
        languages: ['en'],
        dynamicDataJsonSchema: SCHEMA,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const userWith = async (projectId: string, rights: number) => {
    const user = await server.createUser();
    await server.setRights(projectId, user.id, rights);
    return user.token;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { IMPORT_MAX_BYTES: String(LIMIT), WEBHOOK_ALLOW_PRIVATE: 'true' });
    admin = await server.adminToken();
    projectA = await server.createProject('Import A');
    projectB = await server.createProject('Import B');
    templateA = await template(projectA);
    otherTemplateA = await template(projectA);
    templateB = await template(projectB);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  }, 30_000);

  it('reports each row of a dry run by its spreadsheet row and column, typed by the schema, and writes nothing', async () => {
    const before = await passCount();
    const csv = [
      'name,points,vip,balance,holder.name,note,validUntil',
      'Jane,10,true,"3,5",Jane Doe,,2030-01-01T00:00:00Z',
      'Bob,abc,no,1.25,,null,',
      ',5,ano,,,,',
      '',
      'Averyveryverylongname1,1,maybe,x,,,2030-01-01',
    ].join('\r\n');
    const response = await dryRun(csv);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      rows: 4,
      valid: 1,
      columns: ['name', 'points', 'vip', 'balance', 'holder.name', 'note', 'validUntil'],
    });
    expect(report.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'points', message: 'Expected a whole number, got "abc".' },
        { row: 4, column: 'name', message: expect.stringMatching(/name/) },
        { row: 6, column: 'vip', message: 'Expected true or false, got "maybe".' },
        { row: 6, column: 'balance', message: 'Expected a number, got "x".' },
      ]),
    );
    expect(report.errors.some((error: { row: number }) => error.row === 2)).toBe(false);
    expect(report.errorCount).toBe(report.errors.length);
    expect(await passCount()).toBe(before);
    const imports = await server.context.db.selectFrom('passImport').selectAll().execute();
    expect(imports).toEqual([]);
  });

  it('names an unknown column, and an import with it is refused with 422 naming it', async () => {
    const csv = 'name,colour,holder.age\nJane,red,3\n';
    const report = (await dryRun(csv)).json();
    expect(report.valid).toBe(0);
    expect(report.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          row: 1,
          column: 'colour',
          message: expect.stringMatching(/Unknown column "colour"/),
        }),
        expect.objectContaining({
          row: 1,
          column: 'holder.age',
          message: expect.stringMatching(/"age" in "holder"/),
        }),
      ]),
    );
    expectError(await importCsv(admin, templateA, csv), 422, /Unknown column "colour"/);
  });

  it('reads UTF-8 with a BOM, Windows-1250 from Czech Excel and ";" as the delimiter', async () => {
    const bom = await dryRun(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name,points\nŽluťoučký kůň,1\n')]),
    );
    expect(bom.json()).toMatchObject({ rows: 1, valid: 1, columns: ['name', 'points'], errors: [] });
    const czech = windows1250('name;holder.city;points\r\nŽluťoučký kůň;Říčany;7\r\n');
    expect((await dryRun(czech)).json()).toMatchObject({
      rows: 1,
      valid: 1,
      columns: ['name', 'holder.city', 'points'],
    });
    const started = await importCsv(admin, templateA, czech);
    expect(started.statusCode).toBe(202);
    const progress = await finished(started.json().jobId);
    expect(progress).toMatchObject({ state: 'done', rows: 1, done: 1, created: 1, failed: 0 });
    const result = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/pass/import/${started.json().jobId}/result.csv`,
    });
    const passId = result.body.split('\r\n')[1].split(',')[1];
    const pass = (await server.call(admin, { method: 'GET', url: `/api/core/v1/pass/${passId}` })).json();
    expect(pass.dynamicData).toEqual({ name: 'Žluťoučký kůň', holder: { city: 'Říčany' }, points: 7 });
  });

  it('refuses a file mixing UTF-8 with Windows-1250 instead of storing garbage', async () => {
    const mixed = Buffer.concat([Buffer.from('name\nŽluťoučký\n'), windows1250('kůň\n')]);
    expectError(await dryRun(mixed), 400, /mixes UTF-8 with another encoding \(line 3/);
  });

  it('creates passes, updates those an id column names, and reports progress and a result file', async () => {
    const first = await importCsv(admin, templateA, 'name,points\nAnna,1\nBen,2\nCyril,-1\n');
    expect(first.statusCode).toBe(202);
    expect(Object.keys(first.json())).toEqual(['jobId']);
    const progress = await finished(first.json().jobId);
    expect(progress).toMatchObject({ state: 'done', rows: 3, done: 3, created: 2, updated: 0, failed: 1 });
    expect(progress.errors).toEqual([{ row: 4, column: 'points', message: expect.stringMatching(/>= 0/) }]);
    const result = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/pass/import/${first.json().jobId}/result.csv`,
    });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toMatch(/^text\/csv/);
    const lines = result.body.trim().split('\r\n');
    expect(lines[0]).toBe('row,passId,url,error');
    const [, anna, ben, cyril] = lines.map((line) => line.split(','));
    expect(anna[0]).toBe('2');
    const annaPass = (
      await server.call(admin, { method: 'GET', url: `/api/core/v1/pass/${anna[1]}` })
    ).json();
    expect(annaPass).toMatchObject({
      templateId: templateA,
      dynamicData: { name: 'Anna', points: 1 },
      url: anna[2],
    });
    expect(ben[0]).toBe('3');
    expect(cyril.slice(0, 3)).toEqual(['4', '', '']);
    expect(cyril[3]).toMatch(/>= 0/);

    // another template's pass in the same project: an error of its row, never touched
    const foreign = await server.call(admin, {
      method: 'POST',
      url: '/api/core/v1/pass',
      payload: { templateId: otherTemplateA, dynamicData: { name: 'Other' } },
    });
    const foreignId = foreign.json().id;
    const update = `id,points,holder.name\n${anna[1]},50,Anna A.\n${foreignId},99,\n`;
    const report = (await dryRun(update)).json();
    expect(report).toMatchObject({ rows: 2, valid: 1 });
    expect(report.errors).toEqual([
      { row: 3, column: 'id', message: `No pass ${foreignId} of this template was found.` },
    ]);
    const second = await importCsv(admin, templateA, update);
    expect(await finished(second.json().jobId)).toMatchObject({
      state: 'done',
      created: 0,
      updated: 1,
      failed: 1,
    });
    const updated = (await server.call(admin, { method: 'GET', url: `/api/core/v1/pass/${anna[1]}` })).json();
    expect(updated.dynamicData).toEqual({ name: 'Anna', points: 50, holder: { name: 'Anna A.' } });
    const untouched = (
      await server.call(admin, { method: 'GET', url: `/api/core/v1/pass/${foreignId}` })
    ).json();
    expect(untouched.dynamicData).toEqual({ name: 'Other' });
    expect(untouched.updatedAt).toBe(foreign.json().updatedAt);
  }, 30_000);

  it('tells the webhooks of its project of each pass it creates and updates, once each', async () => {
    const receiver = await startReceiver();
    try {
      const projectId = await server.createProject('Import heard');
      const templateId = await template(projectId);
      const endpoint = await server.call(admin, {
        method: 'POST',
        url: '/api/core/v1/webhook',
        payload: { projectId, url: receiver.url('ok', 'import'), events: ['pass.created', 'pass.updated'] },
      });
      expect(endpoint.statusCode).toBe(201);
      const created = await importCsv(admin, templateId, 'name\nAnna\nBen\nCyril\n');
      expect(await finished(created.json().jobId)).toMatchObject({ state: 'done', created: 3 });
      const result = await server.call(admin, {
        method: 'GET',
        url: `/api/core/v1/pass/import/${created.json().jobId}/result.csv`,
      });
      const ids = result.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line: string) => line.split(',')[1]);
      const updated = await importCsv(admin, templateId, `id,points\n${ids[0]},5\n${ids[2]},7\n`);
      expect(await finished(updated.json().jobId)).toMatchObject({ state: 'done', updated: 2 });
      const heard = await waitFor(
        () => receiver.at('ok', 'import'),
        (all) => all.length >= 5,
      );
      const of = (type: string) =>
        heard
          .filter((delivery) => delivery.json.type === type)
          .map((delivery) => delivery.json.data.id as string)
          .sort();
      expect(of('pass.created')).toEqual([...ids].sort());
      expect(of('pass.updated')).toEqual([ids[0], ids[2]].sort());
      expect(heard).toHaveLength(5);
    } finally {
      await receiver.close();
    }
  }, 30_000);

  it("answers 404 for another project's template or import, and needs the rights to create (and update)", async () => {
    const reader = await userWith(projectA, Right.PASS_READ);
    const creator = await userWith(projectA, Right.PASS_READ | Right.PASS_CREATE);
    const stranger = await userWith(projectB, Right.PASS_READ | Right.PASS_CREATE | Right.PASS_UPDATE);
    expectError(await dryRun('name\nA\n', templateA, stranger), 404);
    expectError(await dryRun('name\nA\n', '00000000-0000-4000-8000-000000000000'), 404);
    expectError(await dryRun('name\nA\n', 'not-a-uuid'), 400);
    expectError(await dryRun('name\nA\n', templateA, reader), 403, /PASS_CREATE/);
    expect((await dryRun('name\nA\n', templateA, creator)).statusCode).toBe(200);
    expectError(await dryRun('id,name\n\n', templateA, creator), 403, /PASS_UPDATE/);
    const started = await importCsv(creator, templateA, 'name\nMade by creator\n');
    expect(started.statusCode).toBe(202);
    const { jobId } = started.json();
    expect((await finished(jobId, creator)).created).toBe(1);
    expectError(
      await server.call(stranger, { method: 'GET', url: `/api/core/v1/pass/import/${jobId}` }),
      404,
    );
    expectError(
      await server.call(stranger, { method: 'GET', url: `/api/core/v1/pass/import/${jobId}/result.csv` }),
      404,
    );
    expectError(await server.call(creator, { method: 'GET', url: '/api/core/v1/pass/import/nonsense' }), 404);
    expectError(await importCsv(stranger, templateB, ''), 400, /empty/);
  });

  it('names the row of a broken quote, in a dry run and in an import (the rows before it imported)', async () => {
    const csv = 'name,points\nGood,1\n"Broken,2\nLater,3\n';
    const report = await dryRun(csv);
    expect(report.statusCode).toBe(200);
    expect(report.json().errors).toEqual([
      { row: 3, column: null, message: expect.stringMatching(/^Row 3: a quote/) },
    ]);
    const stray = await dryRun('name,points\nGood,1\nBad"quote,2\n');
    expect(stray.json().errors).toEqual([
      { row: 3, column: null, message: expect.stringMatching(/^Row 3: the quotes/) },
    ]);
    const started = await importCsv(admin, templateA, csv);
    const progress = await finished(started.json().jobId);
    expect(progress).toMatchObject({ state: 'failed' });
    expect(progress.errors).toEqual([
      expect.objectContaining({ row: 3, message: expect.stringMatching(/quote/) }),
    ]);
  });

  it('refuses too many columns, a million columns and a giant cell with a clear answer', async () => {
    const wide = `${Array.from({ length: 501 }, (_, index) => `c${index}`).join(',')}\n`;
    expectError(
      await dryRun(wide),
      400,
      /Row 1 has more than 500 cells; an import may have at most 500 columns/,
    );
    const wideRow = await dryRun(`name\nA\nB${','.repeat(600)}\nC\n`);
    expect(wideRow.json()).toMatchObject({
      rows: 1,
      errors: [
        {
          row: 3,
          column: null,
          message: 'Row 3 has more than 500 cells; an import may have at most 500 columns.',
        },
      ],
    });
    expectError(await dryRun(`${','.repeat(1_000_000)}\n`), 400, /Row 1 has more than 500 cells/);
    expectError(await dryRun(`"${'x'.repeat(300_000)}"\n`), 400, /Row 1 is larger than 262144 bytes/);
    const giant = await dryRun(`name\n${'x'.repeat(20_000)}\n`);
    expect(giant.json().errors).toEqual([
      { row: 2, column: 'name', message: 'The cell is longer than 10000 characters.' },
    ]);
  });

  it('answers 413 naming the limit for a file above IMPORT_MAX_BYTES', async () => {
    const response = await dryRun(Buffer.alloc(LIMIT + 1, 'a'));
    expectError(response, 413, new RegExp(`limit of ${LIMIT} bytes`));
  });

  it('stores formulas as the text they are', async () => {
    const formula = "=cmd|' /C calc'!A0";
    const csv = `name,holder.name\n"${formula}",+1+1\n`;
    const started = await importCsv(admin, templateA, csv);
    await finished(started.json().jobId);
    const result = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/pass/import/${started.json().jobId}/result.csv`,
    });
    const passId = result.body.split('\r\n')[1].split(',')[1];
    const pass = (await server.call(admin, { method: 'GET', url: `/api/core/v1/pass/${passId}` })).json();
    expect(pass.dynamicData).toEqual({ name: formula, holder: { name: '+1+1' } });
  });
  it('imports a file of several chunks (written side by side on PostgreSQL): counts, errors and result lines add up in row order', async () => {
    const names = Array.from({ length: 1_201 }, (_, index) => `Holder ${index}`);
    // rows 3 and 1,102 (spreadsheet numbering) have a points value the schema refuses, in the first and third chunk
    const csv = [
      'name,points',
      ...names.map((name, index) => `${name},${index === 1 || index === 1_100 ? -1 : index}`),
    ];
    const started = await importCsv(admin, templateA, `${csv.join('\n')}\n`);
    expect(started.statusCode).toBe(202);
    const progress = await finished(started.json().jobId);
    expect(progress).toMatchObject({
      state: 'done',
      rows: 1_201,
      done: 1_201,
      created: 1_199,
      updated: 0,
      failed: 2,
    });
    expect(progress.errors.map((error: { row: number }) => error.row)).toEqual([3, 1_102]);
    const result = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/pass/import/${started.json().jobId}/result.csv`,
    });
    const lines = result.body.trim().split('\r\n').slice(1);
    expect(lines.map((line) => Number(line.split(',')[0]))).toEqual(names.map((_, index) => index + 2));
    const passIds = lines.map((line) => line.split(',')[1]).filter(Boolean);
    expect(new Set(passIds).size).toBe(1_199);
  }, 60_000);

  it('ends an import whose job stopped as failed, saying so, and deletes ended imports after 30 days', async () => {
    const started = (await importCsv(admin, templateA, 'name\nStalled\n')).json().jobId as string;
    await finished(started);
    // as a crash after the job's last attempt leaves it
    await server.context.db
      .updateTable('passImport')
      .set({ state: 'running' })
      .where('id', '=', started)
      .execute();
    const hour = 3600 * 1000;
    const maintenance = maintenanceOf(server.context);
    await maintenance?.run(new Date(Date.now() + 5 * hour));
    expect((await finished(started)).state).toBe('running');
    await maintenance?.run(new Date(Date.now() + 7 * hour));
    const stopped = await finished(started);
    expect(stopped.state).toBe('failed');
    expect(stopped.errors.at(-1).message).toMatch(/stopped before its end; start it again/);
    await maintenance?.run(new Date(Date.now() + 29 * 24 * hour));
    expect(
      (await server.call(admin, { method: 'GET', url: `/api/core/v1/pass/import/${started}` })).statusCode,
    ).toBe(200);
    await maintenance?.run(new Date(Date.now() + 31 * 24 * hour));
    expectError(await server.call(admin, { method: 'GET', url: `/api/core/v1/pass/import/${started}` }), 404);
  }, 30_000);
});
