import { sql } from 'kysely';
import { openDatabase, type Db } from '../../server/kernel/db/database';
import { CHANGES_CHANNEL } from '../../server/kernel/db/tableChanges';
import { passEventRepository } from '../../server/features/reports/passEventRepository';
import { PUBLIC_PASS_SOURCES } from '../../server/features/distribution/publicPassCache';
import { createEventRecorder } from '../../server/features/reports/eventRecorder';
import { databaseKinds, type TestServer } from './harness';
import { coreApi } from './passFixtures';
import { aSignableTemplate, setUpSigningWithIcon, startSigningTestServer } from './walletFixtures';

// Signing on a busy two-core machine.
jest.setTimeout(60_000);

/** Asks until the answer holds (another process's commit is announced asynchronously). */
async function eventually<T>(ask: () => Promise<T>, holds: (answer: T) => boolean): Promise<T> {
  let answer = await ask();
  for (let attempt = 0; attempt < 200 && !holds(answer); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    answer = await ask();
  }
  return answer;
}

/**
 * A pass's downloads counter is written every 200 ms during a download storm: what a public link keeps of the pass
 * (its signed .pkpass) must outlive those writes, and still give way at once to a real change of the pass.
 */
describe.each(databaseKinds)('download counters and what the public links keep (%s)', (kind) => {
  let server: TestServer;
  const api = coreApi(() => server);
  let admin: string;
  let templateId: string;
  let heardMarks = 0;

  const download = (passId: string) =>
    server.call(undefined, { method: 'GET', url: `/p/${passId}?format=pkpass` });
  const newPass = async () =>
    (await api.created(admin, 'pass', { templateId, dynamicData: { name: 'Jane' } })).id as string;
  const downloadsOf = async (passId: string) =>
    (await api.call(admin, 'GET', `pass/${passId}`)).json().downloads as number;
  const contentStamp = () => server.context.changes.contentStamp(PUBLIC_PASS_SOURCES);

  /** On PostgreSQL, waits until the server heard every announcement committed before (they come in commit order). */
  async function heardUpToNow(db: Db = server.context.db): Promise<void> {
    if (kind !== 'postgres') return;
    heardMarks += 1;
    const mark = `heardMark${heardMarks}`;
    const before = server.context.changes.stamp([mark]);
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${mark})`.execute(db);
    const after = await eventually(
      async () => server.context.changes.stamp([mark]),
      (stamp) => stamp !== before,
    );
    expect(after).not.toBe(before);
  }

  beforeAll(async () => {
    server = await startSigningTestServer(kind, { PUBLIC_RATE_LIMIT: '0' });
    admin = await server.adminToken();
    const projectId = await server.createProject('Counters');
    const { certificateId, iconId } = await setUpSigningWithIcon(server, admin, projectId);
    templateId = (
      await api.created(admin, 'template', aSignableTemplate(projectId, certificateId, { icon: iconId }))
    ).id as string;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  }, 30_000);

  it("keeps the public link's pass when downloads are counted, while GET by id shows the new count at once", async () => {
    const passId = await newPass();
    expect(await downloadsOf(passId)).toBe(0);
    expect((await download(passId)).statusCode).toBe(200);
    const kept = contentStamp();
    const whole = server.context.changes.stamp(['pass']);

    for (let answered = 0; answered < 3; answered += 1) expect((await download(passId)).statusCode).toBe(200);
    await server.context.events.flush();
    await heardUpToNow();

    expect(contentStamp()).toBe(kept);
    expect(server.context.changes.stamp(['pass'])).not.toBe(whole);
    expect(await downloadsOf(passId)).toBe(4);
  });

  it('answers a pass changed right after its downloads were counted as changed at once, through the API or in SQL', async () => {
    const passId = await newPass();
    const before = await download(passId);
    expect(before.statusCode).toBe(200);
    await server.context.events.flush();

    const voided = await api.call(admin, 'PATCH', `pass/${passId}`, { voided: true });
    expect(voided.statusCode).toBe(200);
    const afterApi = await download(passId);
    expect(afterApi.statusCode).toBe(200);
    expect(afterApi.headers.etag).not.toBe(before.headers.etag);

    await server.context.events.flush();
    await sql`update "pass" set "dynamicData" = ${JSON.stringify({ name: 'Joan' })}::jsonb,
      "walletUpdatedAt" = now(), "updatedAt" = now() where "id" = ${passId}`.execute(server.context.db);
    const afterSql = await download(passId);
    expect(afterSql.statusCode).toBe(200);
    expect(afterSql.headers.etag).not.toBe(afterApi.headers.etag);
    await server.context.events.flush();
    expect(await downloadsOf(passId)).toBe(3);
  });

  it('refuses a transaction that writes both a pass and its counters, and writes neither', async () => {
    const passId = await newPass();
    const db = server.context.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`update "pass" set "voided" = true where "id" = ${passId}`.execute(trx);
        await passEventRepository.addDownloads(trx, new Map([[passId, 5]]));
      }),
    ).rejects.toThrow(/only write/);
    const pass = await api.call(admin, 'GET', `pass/${passId}`);
    expect(pass.json()).toMatchObject({ voided: false, downloads: 0 });
  });

  if (kind === 'postgres')
    it("hears another process's counted downloads as counters, and its change of a pass as a change", async () => {
      const other = await openDatabase({
        databaseUrl: server.context.config.databaseUrl,
        dataDir: server.context.config.dataDir,
      });
      const recorder = createEventRecorder(other.db);
      try {
        const passId = await newPass();
        const before = await download(passId);
        expect(before.statusCode).toBe(200);
        await server.context.events.flush();
        await heardUpToNow();
        const kept = contentStamp();

        for (let counted = 0; counted < 5; counted += 1) recorder.countDownload(passId);
        await recorder.flush();
        await heardUpToNow(other.db);
        expect(contentStamp()).toBe(kept);
        expect(await downloadsOf(passId)).toBe(6);

        await sql`update "pass" set "voided" = true, "walletUpdatedAt" = now(), "updatedAt" = now()
          where "id" = ${passId}`.execute(other.db);
        const after = await eventually(
          () => download(passId),
          (answer) => answer.headers.etag !== before.headers.etag,
        );
        expect(after.statusCode).toBe(200);
        expect(after.headers.etag).not.toBe(before.headers.etag);
      } finally {
        await recorder.close();
        await other.close();
      }
    });
});
