import { sql } from 'kysely';
import { Right } from '../../domain/rights';
import { migratorOf } from '../../server/kernel/db/migrate';
import type { PassEventType } from '../../server/kernel/db/tables';
import { registrationRepository } from '../../server/features/wallet/registrationRepository';
import { intervalStartOf } from '../../server/features/reports/reportIntervals';
import { describeOnEachDatabase, expectError, type TestServer } from './harness';
import { coreApi, templateBody } from './passFixtures';

const at = (iso: string) => new Date(iso);

describeOnEachDatabase('reports', (server: () => TestServer) => {
  const api = coreApi(server);
  let admin: string;

  beforeAll(async () => {
    admin = await server().adminToken();
  });

  /** A project with one template, both new: every test counts its own events. */
  async function freshProject(name = 'Reports'): Promise<{ projectId: string; templateId: string }> {
    const projectId = await server().createProject(name);
    const template = await api.created(admin, 'template', templateBody(projectId));
    return { projectId, templateId: template.id as string };
  }

  async function addPass(
    ids: { projectId: string; templateId: string },
    values: {
      firstRegisterAt?: string;
      lastUnregisterAt?: string;
      deletedAt?: string;
      devicesTotal?: number;
    } = {},
  ): Promise<string> {
    const row = await server()
      .context.db.insertInto('pass')
      .values({
        projectId: ids.projectId,
        templateId: ids.templateId,
        dynamicData: JSON.stringify({ name: 'Ann' }),
        dynamicImages: '{}',
        voided: false,
        firstRegisterAt: values.firstRegisterAt ?? null,
        lastRegisterAt: values.firstRegisterAt ?? null,
        lastUnregisterAt: values.lastUnregisterAt ?? null,
        deletedAt: values.deletedAt ?? null,
        devicesTotal: values.devicesTotal ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function addEvents(
    ids: { projectId: string; templateId: string },
    events: Array<{ type: PassEventType; at: string; tag?: string | null; url?: string }>,
  ): Promise<void> {
    await server()
      .context.db.insertInto('passEvent')
      .values(
        events.map((event) => ({
          passId: null,
          templateId: ids.templateId,
          projectId: ids.projectId,
          type: event.type,
          tag: event.tag ?? null,
          url: event.url ?? null,
          createdAt: event.at,
        })),
      )
      .execute();
  }

  function report(token: string | undefined, type: string, query: Record<string, string | number>) {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    return server().call(token, { method: 'GET', url: `/api/core/v1/report/${type}?${search.toString()}` });
  }

  async function answer(type: string, query: Record<string, string | number>) {
    const response = await report(admin, type, query);
    if (response.statusCode !== 200) throw new Error(`${type}: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  const where = (ids: { projectId: string; templateId?: string }) => JSON.stringify(ids);

  it('counts an event at exactly `from` and none at `to`, in partial hours too', async () => {
    const ids = await freshProject();
    await addEvents(ids, [
      { type: 'preview', at: '2026-05-01T10:30:00.000Z', tag: 'web' },
      { type: 'preview', at: '2026-05-01T10:29:59.999Z', tag: 'web' },
      { type: 'preview', at: '2026-05-01T12:00:00.000Z', tag: 'web' },
      { type: 'preview', at: '2026-05-03T08:15:00.000Z', tag: 'web' },
      { type: 'preview', at: '2026-05-03T08:14:59.999Z', tag: 'web' },
    ]);
    const body = await answer('preview', {
      where: where({ projectId: ids.projectId }),
      from: '2026-05-01T10:30:00.000Z',
      to: '2026-05-03T08:15:00.000Z',
    });
    expect(body.period).toEqual([{ tag: 'web', count: 3 }]);
    expect(body.data).toEqual([
      { from: '2026-05-01T00:00:00.000+00:00', tags: { web: 2 } },
      { from: '2026-05-02T00:00:00.000+00:00', tags: { web: 0 } },
      { from: '2026-05-03T00:00:00.000+00:00', tags: { web: 1 } },
    ]);
    expect(body.total).toEqual([{ tag: 'web', count: 4 }]);
  });

  it('moves events across days with the UTC offset (+14 and −12)', async () => {
    const ids = await freshProject();
    await addEvents(ids, [
      { type: 'register', at: '2026-03-01T09:59:00.000Z' },
      { type: 'register', at: '2026-03-01T10:00:00.000Z' },
    ]);
    const plus14 = await answer('register_in_wallet', {
      where: where(ids),
      from: '2026-02-28T10:00:00.000Z',
      to: '2026-03-02T10:00:00.000Z',
      utcOffset: 14,
    });
    expect(plus14.data).toEqual([
      { from: '2026-03-01T00:00:00.000+14:00', value: 1 },
      { from: '2026-03-02T00:00:00.000+14:00', value: 1 },
    ]);
    const minus12 = await answer('register_in_wallet', {
      where: where(ids),
      from: '2026-02-28T12:00:00.000Z',
      to: '2026-03-02T12:00:00.000Z',
      utcOffset: -12,
    });
    expect(minus12.data).toEqual([
      { from: '2026-02-28T00:00:00.000-12:00', value: 2 },
      { from: '2026-03-01T00:00:00.000-12:00', value: 0 },
    ]);
    expect(minus12.total).toBe(2);
  });

  it('starts weeks on Monday, with ISO week 53 of 2026 from 2026-12-28 to 2027-01-03', async () => {
    const ids = await freshProject();
    await addEvents(ids, [
      { type: 'download', at: '2026-12-27T23:59:59.000Z' },
      { type: 'download', at: '2026-12-28T00:00:00.000Z', tag: 'qr' },
      { type: 'download', at: '2027-01-03T23:59:59.999Z', tag: 'qr' },
      { type: 'download', at: '2027-01-04T00:00:00.000Z', tag: 'qr' },
    ]);
    const body = await answer('download', {
      where: where(ids),
      from: '2026-12-23T00:00:00.000Z',
      to: '2027-01-06T00:00:00.000Z',
      interval: 'weekly',
    });
    expect(body.data).toEqual([
      { from: '2026-12-21T00:00:00.000+00:00', tags: { qr: 0, '': 1 } },
      { from: '2026-12-28T00:00:00.000+00:00', tags: { qr: 2, '': 0 } },
      { from: '2027-01-04T00:00:00.000+00:00', tags: { qr: 1, '': 0 } },
    ]);
    expect(body.period).toEqual([
      { tag: 'qr', count: 3 },
      { tag: '', count: 1 },
    ]);
  });

  it('counts by calendar month, the first month holding `from`', async () => {
    const ids = await freshProject();
    await addEvents(ids, [
      { type: 'register', at: '2026-01-10T00:00:00.000Z' },
      { type: 'register', at: '2026-01-20T00:00:00.000Z' },
      { type: 'register', at: '2026-03-31T23:00:00.000Z' },
      { type: 'register', at: '2026-04-01T00:00:00.000Z' },
    ]);
    const body = await answer('register_in_wallet', {
      where: where(ids),
      from: '2026-01-15T00:00:00.000Z',
      to: '2026-04-01T00:00:00.000Z',
      interval: 'monthly',
    });
    expect(body.data).toEqual([
      { from: '2026-01-01T00:00:00.000+00:00', value: 1 },
      { from: '2026-02-01T00:00:00.000+00:00', value: 0 },
      { from: '2026-03-01T00:00:00.000+00:00', value: 1 },
    ]);
    expect(body.total).toBe(2);
    // the 76 days before 2026-01-15 hold one registration
    expect(body.previousTotal).toBe(1);
  });

  it('answers null totals without data', async () => {
    const ids = await freshProject();
    const body = await answer('register_in_wallet', {
      where: where(ids),
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-03T00:00:00.000Z',
    });
    expect(body).toEqual({
      data: [
        { from: '2026-01-01T00:00:00.000+00:00', value: 0 },
        { from: '2026-01-02T00:00:00.000+00:00', value: 0 },
      ],
      total: null,
      previousTotal: null,
    });
  });

  it('counts passes registered before the end of an interval and not deleted before its start', async () => {
    const ids = await freshProject();
    await addPass(ids, { firstRegisterAt: '2026-01-05T10:00:00.000Z', devicesTotal: 1 });
    const deletedLater = await addPass(ids, { firstRegisterAt: '2026-01-10T08:00:00.000Z', devicesTotal: 1 });
    await addPass(ids, { firstRegisterAt: '2026-01-20T00:00:00.000Z' });
    await addPass(ids, { deletedAt: '2026-01-11T00:00:00.000Z' });
    // deleted as the API deletes: an update of deletedAt
    await server()
      .context.db.updateTable('pass')
      .set({ deletedAt: '2026-01-12T12:30:00.000Z' })
      .where('id', '=', deletedLater)
      .execute();
    const body = await answer('at_least_once_register_in_wallet', {
      where: where(ids),
      from: '2026-01-10T00:00:00.000Z',
      to: '2026-01-14T00:00:00.000Z',
    });
    expect(body.data.map((row: { value: number }) => row.value)).toEqual([2, 2, 2, 1]);
    expect(body.total).toBe(2);
    expect(body.previousTotal).toBe(1);
    const activity = await answer('activity', {
      where: where({ projectId: ids.projectId }),
      from: '2026-01-10T00:00:00.000Z',
      to: '2026-01-14T00:00:00.000Z',
    });
    // held in a wallet in the period: the first pass, and the one deleted on the 12th
    expect(activity.data).toEqual([{ projectId: ids.projectId, active: 2, registrations: 0, updates: 0 }]);
    expect(activity.intervals.map((row: { active: number }) => row.active)).toEqual([2, 2, 2, 1]);
  });

  it('reports activity: active cards, registrations and updates in the period', async () => {
    const ids = await freshProject();
    await addPass(ids, { firstRegisterAt: '2026-02-01T00:00:00.000Z', devicesTotal: 2 });
    await addPass(ids, { firstRegisterAt: '2026-02-01T00:00:00.000Z', devicesTotal: 0 });
    await addEvents(ids, [
      { type: 'register', at: '2026-02-01T00:00:00.000Z' },
      { type: 'register', at: '2026-02-02T00:00:00.000Z' },
      { type: 'update', at: '2026-02-03T00:00:00.000Z' },
      { type: 'update', at: '2026-03-03T00:00:00.000Z' },
    ]);
    const body = await answer('activity', {
      where: where({ projectId: ids.projectId }),
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-03-01T00:00:00.000Z',
    });
    // the pass no device holds any more was held on the day of its registration
    expect(body.data).toEqual([{ projectId: ids.projectId, active: 2, registrations: 2, updates: 1 }]);
  });

  it('counts active cards, registrations and updates of the chosen period, per interval too', async () => {
    const ids = await freshProject();
    await addPass(ids, { firstRegisterAt: '2026-01-15T10:00:00.000Z', devicesTotal: 1 });
    await addPass(ids, { firstRegisterAt: '2026-02-02T10:00:00.000Z', devicesTotal: 1 });
    await addPass(ids, {
      firstRegisterAt: '2026-01-20T10:00:00.000Z',
      lastUnregisterAt: '2026-02-01T12:00:00.000Z',
    });
    await addPass(ids, {
      firstRegisterAt: '2026-01-25T10:00:00.000Z',
      deletedAt: '2026-01-31T10:00:00.000Z',
      devicesTotal: 1,
    });
    await addEvents(ids, [
      { type: 'register', at: '2026-01-15T10:00:00.000Z' },
      { type: 'register', at: '2026-01-20T10:00:00.000Z' },
      { type: 'register', at: '2026-01-25T10:00:00.000Z' },
      { type: 'update', at: '2026-01-26T10:00:00.000Z' },
      { type: 'unregister', at: '2026-02-01T12:00:00.000Z' },
      { type: 'register', at: '2026-02-02T10:00:00.000Z' },
      { type: 'update', at: '2026-02-03T10:00:00.000Z' },
      { type: 'update', at: '2026-02-03T11:00:00.000Z' },
    ]);
    const period = (from: string, to: string, interval = 'daily') =>
      answer('activity', { where: where({ projectId: ids.projectId }), from, to, interval });

    const january2020 = await period('2020-01-01T00:00:00.000Z', '2020-02-01T00:00:00.000Z');
    expect(january2020.data).toEqual([{ projectId: ids.projectId, active: 0, registrations: 0, updates: 0 }]);
    expect(january2020.intervals).toHaveLength(31);
    expect(january2020.intervals.every((row: { active: number }) => row.active === 0)).toBe(true);

    const january = await period('2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z');
    expect(january.data).toEqual([{ projectId: ids.projectId, active: 3, registrations: 3, updates: 1 }]);
    const february = await period('2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z');
    expect(february.data).toEqual([{ projectId: ids.projectId, active: 3, registrations: 1, updates: 2 }]);
    expect(february.intervals.slice(0, 3)).toEqual([
      { from: '2026-02-01T00:00:00.000+00:00', active: 2, registrations: 0, updates: 0 },
      { from: '2026-02-02T00:00:00.000+00:00', active: 2, registrations: 1, updates: 0 },
      { from: '2026-02-03T00:00:00.000+00:00', active: 2, registrations: 0, updates: 2 },
    ]);

    const weekly = await period('2026-01-26T00:00:00.000Z', '2026-02-09T00:00:00.000Z', 'weekly');
    expect(weekly.intervals).toEqual([
      { from: '2026-01-26T00:00:00.000+00:00', active: 3, registrations: 0, updates: 1 },
      { from: '2026-02-02T00:00:00.000+00:00', active: 2, registrations: 1, updates: 2 },
    ]);
  });

  it('counts link clicks per url in the period, most clicked first', async () => {
    const ids = await freshProject();
    await addEvents(ids, [
      { type: 'link', at: '2026-02-01T10:00:00.000Z', url: 'https://example.com/a' },
      { type: 'link', at: '2026-02-01T11:00:00.000Z', url: 'https://example.com/b' },
      { type: 'link', at: '2026-02-02T11:00:00.000Z', url: 'https://example.com/b' },
      { type: 'link', at: '2026-03-02T11:00:00.000Z', url: 'https://example.com/a' },
    ]);
    const body = await answer('links', {
      where: where(ids),
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-03-01T00:00:00.000Z',
    });
    expect(body.data).toEqual([
      { url: 'https://example.com/b', count: 2 },
      { url: 'https://example.com/a', count: 1 },
    ]);
  });

  it('answers from the aggregates what a direct count over the events answers (random events)', async () => {
    const ids = await freshProject();
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const start = Date.UTC(2026, 0, 1);
    const tags = [null, '', 'web', 'qr', 'email'];
    const events = Array.from({ length: 400 }, () => ({
      type: 'preview' as const,
      at: new Date(start + Math.floor(random() * 120 * 86_400_000)).toISOString(),
      tag: tags[Math.floor(random() * tags.length)],
    }));
    await addEvents(ids, events);
    for (const [interval, utcOffset] of [
      ['daily', 5],
      ['weekly', -7],
      ['monthly', 14],
    ] as const) {
      const from = new Date(start + 10.5 * 3_600_000 + 3 * 86_400_000);
      const to = new Date(start + 100 * 86_400_000 + 17 * 60_000);
      const body = await answer('preview', {
        where: where(ids),
        from: from.toISOString(),
        to: to.toISOString(),
        interval,
        utcOffset,
      });
      const expected = new Map<number, Map<string, number>>();
      for (const event of events) {
        const time = at(event.at);
        if (time < from || time >= to) continue;
        const key = intervalStartOf(time, interval, utcOffset).getTime();
        const perTag = expected.get(key) ?? new Map<string, number>();
        perTag.set(event.tag ?? '', (perTag.get(event.tag ?? '') ?? 0) + 1);
        expected.set(key, perTag);
      }
      for (const row of body.data as Array<{ from: string; tags: Record<string, number> }>) {
        const counted = Object.fromEntries(Object.entries(row.tags).filter(([, count]) => count > 0));
        expect(counted).toEqual(Object.fromEntries(expected.get(Date.parse(row.from)) ?? []));
      }
      const direct = await sql<{ count: string }>`select count(*) as "count" from "passEvent"
        where "projectId" = ${ids.projectId}::uuid and "createdAt" >= ${from} and "createdAt" < ${to}`.execute(
        server().context.db,
      );
      const periodSum = (body.period as Array<{ count: number }>).reduce((sum, tag) => sum + tag.count, 0);
      expect(periodSum).toBe(Number(direct.rows[0].count));
    }
  });

  it('answers at_least_once like a direct count over the passes (random passes)', async () => {
    const ids = await freshProject();
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const start = Date.UTC(2026, 0, 1);
    const passes = Array.from({ length: 60 }, () => {
      const registered = start + Math.floor(random() * 60 * 86_400_000);
      const deleted = random() < 0.4 ? registered + Math.floor(random() * 30 * 86_400_000) : undefined;
      return { registered, deleted };
    });
    for (const pass of passes)
      await addPass(ids, {
        firstRegisterAt: new Date(pass.registered).toISOString(),
        deletedAt: pass.deleted === undefined ? undefined : new Date(pass.deleted).toISOString(),
      });
    const from = new Date(start + 20 * 86_400_000 + 90 * 60_000);
    const to = new Date(start + 50 * 86_400_000);
    const body = await answer('at_least_once_register_in_wallet', {
      where: where(ids),
      from: from.toISOString(),
      to: to.toISOString(),
      interval: 'weekly',
      utcOffset: 3,
    });
    const held = (s: number, e: number) =>
      passes.filter((pass) => pass.registered < e && !(pass.deleted !== undefined && pass.deleted < s))
        .length;
    expect(body.total).toBe(held(from.getTime(), to.getTime()));
    for (const [index, row] of (body.data as Array<{ from: string; value: number }>).entries()) {
      const rowStart = Math.max(Date.parse(row.from), from.getTime());
      const next = body.data[index + 1] as { from: string } | undefined;
      const rowEnd = next ? Date.parse(next.from) : to.getTime();
      expect(row.value).toBe(held(rowStart, rowEnd));
    }
  });

  describe('active cards against a direct count over the passes', () => {
    const DAY = 86_400_000;
    const start = Date.UTC(2026, 0, 1);

    interface HeldRow {
      templateId: string;
      firstRegisterAt: Date | null;
      lastRegisterAt: Date | null;
      lastUnregisterAt: Date | null;
      deletedAt: Date | null;
      devicesTotal: number;
    }

    /**
     * The oracle: a pass is held from its first registration until its deletion, or, once no device holds it,
     * until its last unregistration (its last registration when none is recorded), whichever comes first.
     */
    function heldWithin(pass: HeldRow, from: number, to: number): boolean {
      if (pass.firstRegisterAt === null) return false;
      const first = pass.firstRegisterAt.getTime();
      const deleted = pass.deletedAt?.getTime() ?? Infinity;
      const last = (pass.lastUnregisterAt ?? pass.lastRegisterAt ?? pass.firstRegisterAt).getTime();
      const until = pass.devicesTotal > 0 ? deleted : Math.min(last, deleted);
      return first < to && Math.max(first, until) >= from;
    }

    /** The report in several shapes (edges off the hour, UTC offsets, a template) equals the oracle over the rows. */
    async function expectLikeDirectCount(ids: { projectId: string; templateIds: string[] }): Promise<void> {
      const passes: HeldRow[] = await server()
        .context.db.selectFrom('pass')
        .select([
          'templateId',
          'firstRegisterAt',
          'lastRegisterAt',
          'lastUnregisterAt',
          'deletedAt',
          'devicesTotal',
        ])
        .where('projectId', '=', ids.projectId)
        .execute();
      const shapes = [
        {
          interval: 'daily',
          utcOffset: 5,
          from: start + 20 * DAY + 90 * 60_000,
          to: start + 50 * DAY + 17_000,
        },
        { interval: 'weekly', utcOffset: -7, from: start - 10 * DAY, to: start + 130 * DAY },
        { interval: 'monthly', utcOffset: 14, from: start + 3 * DAY + 59 * 60_000, to: start + 300 * DAY },
        // around the registrations the wallet service writes now
        {
          interval: 'daily',
          utcOffset: 0,
          from: Date.now() - 2 * DAY + 17 * 60_000,
          to: Date.now() + 3_600_000,
        },
      ];
      for (const templateId of [undefined, ...ids.templateIds])
        for (const shape of shapes) {
          const ofScope = passes.filter((pass) => templateId === undefined || pass.templateId === templateId);
          const held = (from: number, to: number) =>
            ofScope.filter((pass) => heldWithin(pass, from, to)).length;
          const body = await answer('activity', {
            where: where({ projectId: ids.projectId, templateId }),
            from: new Date(shape.from).toISOString(),
            to: new Date(shape.to).toISOString(),
            interval: shape.interval,
            utcOffset: shape.utcOffset,
          });
          expect(body.data[0].active).toBe(held(shape.from, shape.to));
          const intervals = body.intervals as Array<{ from: string; active: number }>;
          const counted = intervals.map((row, index) => {
            const rowEnd = index + 1 < intervals.length ? Date.parse(intervals[index + 1].from) : shape.to;
            return held(Math.max(Date.parse(row.from), shape.from), rowEnd);
          });
          expect(intervals.map((row) => row.active)).toEqual(counted);
        }
    }

    async function freshProjectOfTwoTemplates(): Promise<{ projectId: string; templateIds: string[] }> {
      const ids = await freshProject('Active cards');
      const second = await api.created(
        admin,
        'template',
        templateBody(ids.projectId, { name: 'Second card' }),
      );
      return { projectId: ids.projectId, templateIds: [ids.templateId, second.id as string] };
    }

    function randomOf(seed: number) {
      let state = seed;
      return () => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state / 2147483648;
      };
    }

    /** 60 passes in one statement over the first 60 days, in either template, some registered, unregistered, deleted. */
    async function addRandomPasses(ids: { projectId: string; templateIds: string[] }, random: () => number) {
      const iso = (time: number | undefined) => (time === undefined ? null : new Date(time).toISOString());
      await server()
        .context.db.insertInto('pass')
        .values(
          Array.from({ length: 60 }, () => {
            const created = start + Math.floor(random() * 60 * DAY);
            const registered = random() < 0.7 ? created + Math.floor(random() * 2 * DAY) : undefined;
            const devices = registered !== undefined && random() < 0.5 ? 1 : 0;
            const unregistered =
              registered !== undefined && devices === 0 && random() < 0.7
                ? registered + Math.floor(random() * 40 * DAY)
                : undefined;
            const deleted = random() < 0.3 ? created + 3 * DAY + Math.floor(random() * 50 * DAY) : undefined;
            return {
              projectId: ids.projectId,
              templateId: ids.templateIds[Math.floor(random() * 2)],
              dynamicData: JSON.stringify({ name: 'Ann' }),
              dynamicImages: '{}',
              voided: false,
              devicesTotal: devices,
              firstRegisterAt: iso(registered),
              lastRegisterAt: iso(registered),
              lastUnregisterAt: iso(unregistered),
              deletedAt: iso(deleted),
              createdAt: iso(created) as string,
            };
          }),
        )
        .execute();
    }

    it('counts what the passes say through registrations, unregistrations, deletes, restores and moves', async () => {
      const ids = await freshProjectOfTwoTemplates();
      const random = randomOf(11);
      await addRandomPasses(ids, random);
      await expectLikeDirectCount(ids);
      const db = server().context.db;
      const some = async (share: number) =>
        (
          await db
            .selectFrom('pass')
            .select('id')
            .where('projectId', '=', ids.projectId)
            .orderBy('id')
            .execute()
        )
          .map((row) => row.id)
          .filter(() => random() < share);
      const at = (day: number) => new Date(start + day * DAY + Math.floor(random() * DAY)).toISOString();

      // registrations and unregistrations, as the wallet service writes them, many passes in one statement
      await db
        .updateTable('pass')
        .set((update) => ({
          devicesTotal: sql`${update.ref('devicesTotal')} + 1`,
          firstRegisterAt: sql`coalesce(${update.ref('firstRegisterAt')}, ${at(70)}::timestamptz)`,
          lastRegisterAt: at(70),
        }))
        .where('id', 'in', await some(0.3))
        .execute();
      await db
        .updateTable('pass')
        .set((update) => ({
          devicesTotal: sql`greatest(${update.ref('devicesTotal')} - 1, 0)`,
          lastUnregisterAt: sql`greatest(${update.ref('lastRegisterAt')}, ${at(80)}::timestamptz)`,
        }))
        .where('id', 'in', await some(0.3))
        .where('firstRegisterAt', 'is not', null)
        .execute();
      await expectLikeDirectCount(ids);

      // deletes, then restores of some of the deleted passes
      await db
        .updateTable('pass')
        .set({ deletedAt: at(90) })
        .where('id', 'in', await some(0.2))
        .execute();
      await db
        .updateTable('pass')
        .set({ deletedAt: null })
        .where('id', 'in', await some(0.3))
        .execute();
      await expectLikeDirectCount(ids);

      // passes moved in time, one by one and together, and to the other template
      for (const id of await some(0.2))
        await db
          .updateTable('pass')
          .set({ firstRegisterAt: at(-5 + Math.floor(random() * 30)), lastRegisterAt: null })
          .where('id', '=', id)
          .execute();
      await db
        .updateTable('pass')
        .set((update) => ({
          firstRegisterAt: sql`${update.ref('firstRegisterAt')} - interval '9 days 30 minutes'`,
          deletedAt: sql`${update.ref('deletedAt')} + interval '2 days'`,
        }))
        .where('id', 'in', await some(0.3))
        .execute();
      await db
        .updateTable('pass')
        .set({ templateId: ids.templateIds[1] })
        .where('id', 'in', await some(0.2))
        .execute();
      await expectLikeDirectCount(ids);

      // rows removed for good, then a registration and an unregistration now, through the wallet service's writes
      await db
        .deleteFrom('pass')
        .where('id', 'in', await some(0.1))
        .execute();
      const device = await db
        .insertInto('device')
        .values({ deviceLibraryIdentifier: `device-${ids.projectId}`, pushToken: 'token' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const [kept, left] = await some(1);
      for (const passId of [kept, left])
        await registrationRepository.register(db, {
          deviceId: device.id,
          passId,
          passTypeIdentifier: 'pass.test.card',
        });
      await registrationRepository.unregister(db, device.id, left);
      await expectLikeDirectCount(ids);
    });

    it('counts the passes held before the aggregate existed (the migration fills it)', async () => {
      const ids = await freshProjectOfTwoTemplates();
      const migrator = migratorOf(server().context.db);
      expect((await migrator.migrateTo('0017_stamp')).error).toBeUndefined();
      try {
        await addRandomPasses(ids, randomOf(23));
      } finally {
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
      }
      await expectLikeDirectCount(ids);
    });
  });

  describe('rights', () => {
    const range = { from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' };

    it('answers 401 without a token', async () => {
      const ids = await freshProject();
      expectError(await report(undefined, 'preview', { where: where(ids), ...range }), 401);
    });

    it('answers 404 for a project the user cannot read, and for a template of another project', async () => {
      const mine = await freshProject('Mine');
      const other = await freshProject('Other');
      const user = await server().createUser();
      await server().setRights(mine.projectId, user.id, Right.PASS_READ);
      const ok = await report(user.token, 'preview', {
        where: where({ projectId: mine.projectId }),
        ...range,
      });
      expect(ok.statusCode).toBe(200);
      expectError(
        await report(user.token, 'preview', { where: where({ projectId: other.projectId }), ...range }),
        404,
      );
      expectError(
        await report(user.token, 'preview', {
          where: where({ projectId: mine.projectId, templateId: other.templateId }),
          ...range,
        }),
        404,
      );
      expectError(
        await report(admin, 'preview', {
          where: where({ projectId: mine.projectId, templateId: other.templateId }),
          ...range,
        }),
        404,
      );
    });

    it('answers 403 to a user without PASS_READ anywhere, 404 on a project where only others grant it', async () => {
      const ids = await freshProject();
      const member = await server().createUser();
      await server().setRights(ids.projectId, member.id, Right.TEMPLATE_READ);
      expectError(await report(member.token, 'preview', { where: where(ids), ...range }), 403);
      const elsewhere = await freshProject('Elsewhere');
      await server().setRights(elsewhere.projectId, member.id, Right.PASS_READ);
      expectError(await report(member.token, 'preview', { where: where(ids), ...range }), 404);
    });
  });

  describe('the templates a report can be filtered by', () => {
    const templates = (token: string | undefined, projectId: string) =>
      server().call(token, { method: 'GET', url: '/api/core/v1/report/templates', query: { projectId } });

    it("names the templates of the project's passes for a reader of passes without TEMPLATE_READ", async () => {
      const ids = await freshProject('Named');
      const second = await api.created(
        admin,
        'template',
        templateBody(ids.projectId, { name: 'Anniversary' }),
      );
      await api.created(admin, 'template', templateBody(ids.projectId, { name: 'Without passes' }));
      await addPass(ids);
      await addPass({ projectId: ids.projectId, templateId: second.id });
      const other = await freshProject('Other named');
      await addPass(other);
      const reader = await server().createUser();
      await server().setRights(ids.projectId, reader.id, Right.PASS_READ);
      const answer = await templates(reader.token, ids.projectId);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        data: [
          { id: second.id, name: 'Anniversary' },
          { id: ids.templateId, name: 'Member card' },
        ],
      });
      // the template list itself stays closed to this reader
      expectError(await api.call(reader.token, 'GET', 'template'), 403);
      expectError(await templates(reader.token, other.projectId), 404);
      expect((await templates(admin, other.projectId)).json().data).toEqual([
        { id: other.templateId, name: 'Member card' },
      ]);
    });

    it('answers 401, 403 without PASS_READ anywhere, and 400 for a project that is not an id', async () => {
      const ids = await freshProject('Closed');
      expectError(await templates(undefined, ids.projectId), 401);
      const member = await server().createUser();
      await server().setRights(ids.projectId, member.id, Right.TEMPLATE_READ);
      expectError(await templates(member.token, ids.projectId), 403);
      expectError(await templates(admin, 'abc'), 400);
    });
  });

  describe('link redirect', () => {
    const LINK = 'https://example.com/offer?a=1&b=2';

    async function passWithLink(trackLinks: boolean): Promise<{ passId: string; projectId: string }> {
      const projectId = await server().createProject('Links');
      const jsonTemplate = {
        ...templateBody(projectId).jsonTemplate,
        storeCard: {
          backFields: [
            {
              key: 'offer',
              label: 'Offer',
              attributedValue: `<a href="${LINK.replace('&', '&amp;')}">Offer</a>`,
              value: 'Offer',
            },
          ],
        },
      };
      const template = await api.created(
        admin,
        'template',
        templateBody(projectId, { jsonTemplate, trackLinks }),
      );
      expect(template.trackLinks).toBe(trackLinks);
      const pass = await api.created(admin, 'pass', {
        templateId: template.id,
        dynamicData: { name: 'Ann' },
      });
      return { passId: pass.id as string, projectId };
    }

    const follow = (passId: string, url: string) =>
      server().call(undefined, { method: 'GET', url: `/p/${passId}/link?url=${encodeURIComponent(url)}` });

    it('redirects to a link of the pass and counts the click', async () => {
      const { passId, projectId } = await passWithLink(true);
      const response = await follow(passId, LINK);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(LINK);
      // clicks are written a fraction of a second after the answer
      await server().context.events.flush();
      const now = Date.now();
      const body = await answer('links', {
        where: where({ projectId }),
        from: new Date(now - 86_400_000).toISOString(),
        to: new Date(now + 60_000).toISOString(),
      });
      expect(body.data).toEqual([{ url: LINK, count: 1 }]);
    });

    it('refuses addresses the pass does not show, and templates without link tracking', async () => {
      const tracked = await passWithLink(true);
      expectError(await follow(tracked.passId, 'https://evil.example/'), 404);
      expectError(await follow(tracked.passId, 'javascript:alert(1)'), 400);
      const untracked = await passWithLink(false);
      expectError(await follow(untracked.passId, LINK), 404);
    });
  });

  describe('bad requests', () => {
    it.each([
      [
        'not JSON',
        'preview',
        { where: '{projectId', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
        /JSON/,
      ],
      [
        'no projectId',
        'preview',
        { where: '{}', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
        /projectId/,
      ],
      [
        'unknown type',
        'visits',
        { where: '{}', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
        /visits/,
      ],
      [
        'from = to',
        'preview',
        { where: '', from: '2026-01-02T00:00:00Z', to: '2026-01-02T00:00:00Z' },
        /before/,
      ],
      [
        'over 3 years',
        'preview',
        { where: '', from: '2020-01-01T00:00:00Z', to: '2024-01-02T00:00:00Z' },
        /days/,
      ],
      [
        'offset +15',
        'preview',
        { where: '', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z', utcOffset: 15 },
        /utcOffset/,
      ],
      [
        'weekly2',
        'preview',
        { where: '', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z', interval: 'hourly' },
        /interval/,
      ],
    ])('answers 400 for %s', async (_name, type, query, message) => {
      const ids = await freshProject();
      const withWhere = { ...query, where: query.where === '' ? where(ids) : query.where };
      expectError(await report(admin, type, withWhere), 400, message);
    });
  });
});
