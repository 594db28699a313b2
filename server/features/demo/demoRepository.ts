import { sql } from 'kysely';
import type { Db } from '../../kernel/db/database';
import type { PassTable } from '../../kernel/db/tables';

/** A demo pass as inserted: its dynamic data and the times of its life. */
export interface DemoPassValues {
  id: string;
  templateId: string;
  dynamicData: Record<string, unknown>;
  devicesTotal: number;
  firstRegisterAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
}

/** How the year of events is drawn; see insertEvents. */
export interface DemoEventPlan {
  /** events a day per pass that exists that day, before the weekend and noise factors */
  eventsPerPassAndDay: number;
  links: readonly string[];
}

const INSERT_BATCH = 200;

/** The project's e-shops and all that hangs on them, children first; their daily sales with them. */
async function emptyShops(trx: Db, projectId: string): Promise<void> {
  const eshops = sql`(select "id" from "eshop" where "projectId" = ${projectId}::uuid)`;
  const orders = sql`(select "id" from "order" where "eshopId" in ${eshops})`;
  await sql`delete from "ticketEntry" where "projectId" = ${projectId}::uuid or "eshopId" in ${eshops}
    or "orderItemId" in (select "id" from "orderItem" where "eshopId" in ${eshops})`.execute(trx);
  // the items' trigger takes their share out of "salesDaily"; the emptied rows go below
  await sql`delete from "orderItem" where "orderId" in ${orders}`.execute(trx);
  await sql`delete from "orderLineData" where "orderId" in ${orders}`.execute(trx);
  await sql`delete from "order" where "eshopId" in ${eshops}`.execute(trx);
  await sql`delete from "ticketCounter" where "eshopId" in ${eshops}`.execute(trx);
  await sql`delete from "salesDaily" where "eshopId" in ${eshops}`.execute(trx);
  await sql`delete from "product" where "eshopId" in ${eshops}`.execute(trx);
  await sql`delete from "eshop" where "projectId" = ${projectId}::uuid`.execute(trx);
}

/** The SQL of `npm run demo-data`: the demo project, emptied and filled in bulk. */
export const demoRepository = {
  async findLiveRootProject(db: Db, name: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('project')
      .select('id')
      .where('name', '=', name)
      .where('parentId', 'is', null)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    return row?.id;
  },

  async createRootProject(db: Db, name: string, description: string): Promise<string> {
    const row = await db
      .insertInto('project')
      .values({ name, description, active: true, parentId: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /**
   * Removes the project's e-shops with their products, orders, items, entries at the gate and counters, then its
   * passes, events, templates, images and certificates (rows, not soft deletes), each before the rows it refers to;
   * answers the storage keys of the removed images, whose files the caller removes once this has committed.
   */
  async emptyProject(db: Db, projectId: string): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
      await emptyShops(trx, projectId);
      const passes = sql`(select "id" from "pass" where "projectId" = ${projectId}::uuid)`;
      await sql`delete from "stamp" where "projectId" = ${projectId}::uuid`.execute(trx);
      await sql`delete from "stampCard" where "projectId" = ${projectId}::uuid`.execute(trx);
      await sql`delete from "passEvent" where "projectId" = ${projectId}::uuid`.execute(trx);
      await sql`delete from "pushResult" where "passId" in ${passes}`.execute(trx);
      await sql`delete from "registration" where "passId" in ${passes}`.execute(trx);
      await sql`delete from "pass" where "projectId" = ${projectId}::uuid`.execute(trx);
      await sql`delete from "template" where "projectId" = ${projectId}::uuid`.execute(trx);
      // events are append-only for the trigger: their aggregate goes with them by hand
      await sql`delete from "reportEventHourly" where "projectId" = ${projectId}::uuid`.execute(trx);
      await sql`delete from "certificate" where "projectId" = ${projectId}::uuid`.execute(trx);
      const images = await sql<{
        storageKey: string;
      }>`delete from "image" where "projectId" = ${projectId}::uuid
        returning "storageKey"`.execute(trx);
      return images.rows.map((row) => row.storageKey);
    });
  },

  /** A stamp card of the project: the card template's passes count stamps in a field, the reward a pass. */
  async insertStampCard(
    db: Db,
    card: {
      projectId: string;
      name: string;
      templateId: string;
      rewardTemplateId: string;
      countField: string;
      rewardValidDays: number;
    },
  ): Promise<void> {
    await db
      .insertInto('stampCard')
      .values({ ...card, stampsForReward: 10, active: true })
      .execute();
  },

  /** A template ready to distribute, its clicks tracked; the JSON columns as given. */
  async insertTemplate(
    db: Db,
    template: {
      name: string;
      projectId: string;
      certificateId: string;
      jsonTemplate: unknown;
      dynamicDataJsonSchema: unknown;
      languages: string[];
      images: Record<string, string>;
    },
  ): Promise<{ id: string; updatedAt: Date }> {
    return db
      .insertInto('template')
      .values({
        ...template,
        jsonTemplate: JSON.stringify(template.jsonTemplate),
        dynamicDataJsonSchema: JSON.stringify(template.dynamicDataJsonSchema),
        languages: JSON.stringify(template.languages),
        images: JSON.stringify(template.images),
        translations: '{}',
        distributable: true,
        saveToGooglePayObjectTemplate: null,
        trackLinks: true,
      })
      .returning(['id', 'updatedAt'])
      .executeTakeFirstOrThrow();
  },

  async insertPasses(db: Db, projectId: string, passes: readonly DemoPassValues[]): Promise<void> {
    for (let start = 0; start < passes.length; start += INSERT_BATCH) {
      const rows = passes.slice(start, start + INSERT_BATCH).map(
        (pass) =>
          ({
            id: pass.id,
            projectId,
            templateId: pass.templateId,
            dynamicData: JSON.stringify(pass.dynamicData),
            dynamicImages: '{}',
            voided: false,
            expirationDate: null,
            devicesTotal: pass.devicesTotal,
            firstRegisterAt: pass.firstRegisterAt,
            lastRegisterAt: pass.firstRegisterAt,
            deletedAt: pass.deletedAt,
            createdAt: pass.createdAt,
            updatedAt: pass.createdAt,
            walletUpdatedAt: pass.createdAt,
          }) satisfies Partial<Record<keyof PassTable, unknown>>,
      );
      await db.insertInto('pass').values(rows).execute();
    }
  },

  /**
   * A year of events up to now, in proportion to the passes that exist each day (so the first weeks, with few
   * passes, are quiet), busier weekends, daytime hours, noise; 45 % previews, 25 % downloads, 10 % registrations,
   * 12 % updates, 3 % unregistrations, 5 % link clicks; tags console, web, email, qr and none. Each event is of a
   * pass created before it (width_bucket counts the passes created before a time).
   */
  async insertEvents(db: Db, projectId: string, plan: DemoEventPlan): Promise<void> {
    const links = sql.join(plan.links.map((url) => sql`${url}::text`));
    await sql`with "timeline" as (
        select array_agg("id" order by "createdAt", "id") as "ids",
          array_agg("templateId" order by "createdAt", "id") as "templateIds",
          array_agg("createdAt" order by "createdAt", "id") as "created"
        from "pass" where "projectId" = ${projectId}::uuid
      ), "perDay" as (
        select day, ${plan.eventsPerPassAndDay}::float8 * width_bucket(day + interval '12 hours', "created")
            * case extract(isodow from day) when 6 then 1.5 when 7 then 1.7 else 1 end
            * (0.75 + random() * 0.5) as "count"
        from "timeline", generate_series(0, 364) as d,
          lateral (select date_trunc('day', now()) - (364 - d) * interval '1 day' as day) as days
      ), "timed" as (
        select day + interval '7 hours' + random() * interval '16 hours' as "createdAt",
          case when r < 0.45 then 'preview' when r < 0.70 then 'download' when r < 0.80 then 'register'
            when r < 0.92 then 'update' when r < 0.95 then 'unregister' else 'link' end as "type"
        from "perDay", lateral generate_series(1, round("count")::int) as i, lateral (select random() as r, i) as draw
      ), "event" as (
        select "timed".*, width_bucket("timed"."createdAt", "timeline"."created") as "existing", random() as "pick"
        from "timed", "timeline"
      )
      insert into "passEvent" ("passId", "templateId", "projectId", "type", "format", "tag", "client", "url",
        "createdAt")
      select "timeline"."ids"[1 + floor("pick" * "existing")::int],
        "timeline"."templateIds"[1 + floor("pick" * "existing")::int], ${projectId}::uuid, "type",
        case when "type" = 'download' then 'pkpass' end,
        case when "type" in ('preview', 'download') then
          (array['console', 'web', 'web', 'email', 'qr', 'qr', ''])[1 + floor(random() * 7)::int] end,
        (array['ios', 'ios', 'android', 'desktop'])[1 + floor(random() * 4)::int],
        case when "type" = 'link' then (array[${links}])[1 + floor(random() * ${plan.links.length}::int)::int] end,
        "event"."createdAt"
      from "event", "timeline"
      where "event"."createdAt" < now() and "existing" > 0`.execute(db);
  },

  /** Each pass's downloads counter set to its download events, as the distribution counts them one by one. */
  async countDownloadsFromEvents(db: Db, projectId: string): Promise<void> {
    await sql`update "pass" set "downloads" = coalesce(counted."downloads", 0)
      from "pass" as own
      left join (select "passId", count(*)::int as "downloads" from "passEvent"
        where "projectId" = ${projectId}::uuid and "type" = 'download' group by "passId") as counted
        on counted."passId" = own."id"
      where "pass"."id" = own."id" and own."projectId" = ${projectId}::uuid`.execute(db);
  },

  /** PGlite has no autovacuum: statistics after a bulk load. */
  async analyze(db: Db): Promise<void> {
    await sql`analyze`.execute(db);
  },

  async countEvents(db: Db, projectId: string): Promise<number> {
    const result = await sql<{ count: string }>`select count(*) as "count" from "passEvent"
      where "projectId" = ${projectId}::uuid`.execute(db);
    return Number(result.rows[0].count);
  },
};
