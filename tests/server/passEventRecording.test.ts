import { sql } from 'kysely';
import type { PassEventType } from '../../server/kernel/db/tables';
import type { PassEventInput } from '../../server/features/reports/passEventRepository';
import { intervalStartOf } from '../../server/features/reports/reportIntervals';
import { databaseKinds, type TestServer } from './harness';
import { coreApi, expectError, templateBody } from './passFixtures';
import { aSignableTemplate, setUpSigningWithIcon, startSigningTestServer } from './walletFixtures';

// Signing on a busy two-core machine.
jest.setTimeout(60_000);

const DOWNLOADS = 40;
const DAY = 86_400_000;

/** A row of the hourly event counts, as the report table keeps it and as counted from the events. */
type HourlyCount = { hour: Date; templateId: string; type: string; tag: string; url: string; count: string };

/** A seeded pseudo-random sequence in [0, 1): the same events on every run. */
function randomSequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe.each(databaseKinds)('pass events and downloads recorded after the answers (%s)', (kind) => {
  let server: TestServer;
  const api = coreApi(() => server);
  let admin: string;
  let projectId: string;
  let templateId: string;

  const download = (passId: string, headers: Record<string, string> = {}) =>
    server.call(undefined, { method: 'GET', url: `/p/${passId}?format=pkpass&tag=campaign`, headers });
  const newPass = async (name = 'Jane') =>
    (await api.created(admin, 'pass', { templateId, dynamicData: { name } })).id as string;

  beforeAll(async () => {
    server = await startSigningTestServer(kind, { PUBLIC_RATE_LIMIT: '0' });
    admin = await server.adminToken();
    projectId = await server.createProject('Events');
    const { certificateId, iconId } = await setUpSigningWithIcon(server, admin, projectId);
    templateId = (
      await api.created(admin, 'template', aSignableTemplate(projectId, certificateId, { icon: iconId }))
    ).id as string;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  }, 30_000);

  it('counts every one of many concurrent downloads, once written, with one event each', async () => {
    const passId = await newPass();
    const answers = await Promise.all(Array.from({ length: DOWNLOADS }, () => download(passId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(DOWNLOADS).fill(200));

    await server.context.events.flush();

    expect((await api.call(admin, 'GET', `pass/${passId}`)).json().downloads).toBe(DOWNLOADS);
    const events = await server.context.db
      .selectFrom('passEvent')
      .select(['type', 'format', 'tag'])
      .where('passId', '=', passId)
      .execute();
    expect(events).toEqual(Array(DOWNLOADS).fill({ type: 'download', format: 'pkpass', tag: 'campaign' }));
  });

  it('answers a pass as changed at once after a change of it or its template through this server, and a deleted one no more', async () => {
    const passId = await newPass('Before');
    const before = await download(passId);
    expect(before.statusCode).toBe(200);
    expect((await download(passId)).headers.etag).toBe(before.headers.etag);

    expect(
      (await api.call(admin, 'PATCH', `pass/${passId}`, { dynamicData: { name: 'After' } })).statusCode,
    ).toBe(200);
    const after = await download(passId);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);

    const template = (await api.call(admin, 'GET', `template/${templateId}`)).json();
    const changed = { ...template.jsonTemplate, logoText: 'Changed template' };
    expect(
      (await api.call(admin, 'PATCH', `template/${templateId}`, { jsonTemplate: changed })).statusCode,
    ).toBe(200);
    const afterTemplate = await download(passId);
    expect(afterTemplate.statusCode).toBe(200);
    expect(afterTemplate.headers.etag).not.toBe(after.headers.etag);

    expect((await api.call(admin, 'DELETE', `pass/${passId}`)).statusCode).toBe(200);
    expectError(await download(passId, { accept: 'application/json' }), 404);
  });

  it('keeps the hourly aggregates equal to the stored events when two instances record at once', async () => {
    const other = await server.startAnotherInstance();
    try {
      const reportProject = await server.createProject('Report totals');
      const templates = [
        (await api.created(admin, 'template', templateBody(reportProject))).id as string,
        (await api.created(admin, 'template', templateBody(reportProject, { name: 'Second' }))).id as string,
      ];
      const random = randomSequence(15);
      const types: PassEventType[] = ['preview', 'download', 'register', 'unregister', 'update', 'link'];
      const tags = [null, 'web', 'qr', 'email'];
      const start = Date.UTC(2026, 2, 1);
      const events: PassEventInput[] = Array.from({ length: 3000 }, (_, index) => {
        const type = types[Math.floor(random() * types.length)];
        return {
          passId: null,
          projectId: reportProject,
          templateId: templates[Math.floor(random() * templates.length)],
          type,
          tag: tags[Math.floor(random() * tags.length)],
          url: type === 'link' ? `https://example.com/${Math.floor(random() * 3)}` : null,
          // a third in one hour (one aggregate row per group, updated by both instances), the rest over ten days
          createdAt: new Date(index % 3 === 0 ? start + 5 * 60_000 : start + Math.floor(random() * 10 * DAY)),
        };
      });
      events.forEach((event, index) =>
        (index % 2 ? server.context.events : other.context.events).record(event),
      );
      await Promise.all([server.context.events.flush(), other.context.events.flush()]);

      const aggregated = await sql<HourlyCount>`
        select "hour", "templateId", "type", "tag", "url", "count" from "reportEventHourly"
        where "projectId" = ${reportProject}::uuid order by 1, 2, 3, 4, 5`.execute(server.context.db);
      const fromEvents = await sql<HourlyCount>`
        select date_trunc('hour', "createdAt", 'UTC') as "hour", "templateId", "type", coalesce("tag", '') as "tag",
          coalesce("url", '') as "url", count(*) as "count"
        from "passEvent" where "projectId" = ${reportProject}::uuid group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`.execute(
        server.context.db,
      );
      const rows = (result: typeof aggregated) =>
        result.rows.map((row) => ({
          ...row,
          hour: new Date(row.hour).toISOString(),
          count: Number(row.count),
        }));
      expect(rows(aggregated)).toEqual(rows(fromEvents));
      expect(rows(fromEvents).reduce((total, row) => total + row.count, 0)).toBe(events.length);

      // the reports read the aggregates (whole hours) and the events (partial hours): each day as the events say
      const from = new Date(start + 90 * 60_000);
      const to = new Date(start + 9 * DAY + 17 * 60_000);
      for (const [reportType, eventType] of [
        ['preview', 'preview'],
        ['download', 'download'],
      ] as const) {
        const query = new URLSearchParams({
          where: JSON.stringify({ projectId: reportProject }),
          from: from.toISOString(),
          to: to.toISOString(),
          interval: 'daily',
          utcOffset: '2',
        });
        const response = await server.call(admin, {
          method: 'GET',
          url: `/api/core/v1/report/${reportType}?${query.toString()}`,
        });
        expect(response.statusCode).toBe(200);
        const expected = new Map<number, Record<string, number>>();
        for (const event of events) {
          const at = event.createdAt as Date;
          if (event.type !== eventType || at < from || at >= to) continue;
          const day = intervalStartOf(at, 'daily', 2).getTime();
          const perTag = expected.get(day) ?? {};
          perTag[event.tag ?? ''] = (perTag[event.tag ?? ''] ?? 0) + 1;
          expected.set(day, perTag);
        }
        for (const row of response.json().data as Array<{ from: string; tags: Record<string, number> }>) {
          const counted = Object.fromEntries(Object.entries(row.tags).filter(([, count]) => count > 0));
          expect(counted).toEqual(expected.get(Date.parse(row.from)) ?? {});
        }
      }
    } finally {
      await other.close();
    }
  });
});
