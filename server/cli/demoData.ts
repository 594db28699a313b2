import { sql } from 'kysely';
import { defaultDynamicDataJsonSchema, defaultJsonTemplate } from '../../domain/template/defaults';
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { prepareFirstStart } from '../services/firstStart';
import { redactText } from '../logging/redact';

const PROJECT_NAME = 'Demo';
const PASSES = 600;
/** events on an ordinary weekday at the start of the year; the year grows about threefold */
const DAILY_EVENTS_AT_START = 60;
const LINKS = ['https://example.com/offers', 'https://example.com/opening-hours', 'https://example.com/app'];

const STYLES = [
  { name: 'Store card', style: 'storeCard', extra: {} },
  { name: 'Coupon', style: 'coupon', extra: {} },
  { name: 'Event ticket', style: 'eventTicket', extra: {} },
  { name: 'Generic', style: 'generic', extra: {} },
  { name: 'Boarding pass', style: 'boardingPass', extra: { transitType: 'PKTransitTypeTrain' } },
] as const;

function demoJsonTemplate(style: (typeof STYLES)[number]): Record<string, unknown> {
  const { storeCard: _storeCard, ...base } = defaultJsonTemplate();
  const links = LINKS.map((url, index) => ({
    key: `link${index}`,
    label: `Link ${index + 1}`,
    attributedValue: `<a href="${url}">${url}</a>`,
    value: url,
  }));
  return {
    ...base,
    organizationName: 'Demo',
    description: `Demo ${style.name}`,
    [style.style]: {
      ...style.extra,
      primaryFields: [
        { key: 'name', label: 'Name', value: { type: 'string', value: '#{name}', fallback: 'Guest' } },
      ],
      backFields: links,
    },
  };
}

/** The demo project (created once), emptied of what an earlier run put in it. */
async function demoProject(db: Db): Promise<{ projectId: string; replaced: boolean }> {
  const existing = await db
    .selectFrom('project')
    .select('id')
    .where('name', '=', PROJECT_NAME)
    .where('parentId', 'is', null)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!existing) {
    const created = await db
      .insertInto('project')
      .values({
        name: PROJECT_NAME,
        description: 'A year of sample passes and events',
        active: true,
        parentId: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { projectId: created.id, replaced: false };
  }
  const projectId = existing.id;
  await db.transaction().execute(async (trx) => {
    const passes = sql`(select "id" from "pass" where "projectId" = ${projectId}::uuid)`;
    await sql`delete from "passEvent" where "projectId" = ${projectId}::uuid`.execute(trx);
    await sql`delete from "pushResult" where "passId" in ${passes}`.execute(trx);
    await sql`delete from "registration" where "passId" in ${passes}`.execute(trx);
    await sql`delete from "pass" where "projectId" = ${projectId}::uuid`.execute(trx);
    await sql`delete from "template" where "projectId" = ${projectId}::uuid`.execute(trx);
    // events are append-only for the trigger: their aggregate goes with them by hand
    await sql`delete from "reportEventHourly" where "projectId" = ${projectId}::uuid`.execute(trx);
  });
  return { projectId, replaced: true };
}

async function demoTemplates(db: Db, projectId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const style of STYLES) {
    const row = await db
      .insertInto('template')
      .values({
        name: style.name,
        projectId,
        certificateId: null,
        jsonTemplate: JSON.stringify(demoJsonTemplate(style)),
        dynamicDataJsonSchema: JSON.stringify(defaultDynamicDataJsonSchema()),
        languages: JSON.stringify(['en']),
        images: '{}',
        translations: '{}',
        distributable: true,
        saveToGooglePayObjectTemplate: null,
        trackLinks: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/**
 * Passes created over the last year (more of them lately), 60 % registered a few days after their creation, 5 %
 * deleted later; a registered pass still held by a device in two cases out of three.
 */
async function demoPasses(db: Db, projectId: string, templateIds: string[]): Promise<void> {
  await sql`insert into "pass" ("projectId", "templateId", "dynamicData", "dynamicImages", "voided", "devicesTotal",
      "firstRegisterAt", "lastRegisterAt", "deletedAt", "createdAt", "updatedAt")
    select ${projectId}::uuid, (array[${sql.join(templateIds.map((id) => sql`${id}::uuid`))}])[1 + n % ${templateIds.length}::int],
      jsonb_build_object('name', 'Customer ' || n), '{}', false,
      case when registered is not null and n % 3 <> 0 then 1 else 0 end,
      registered, registered, case when registered is not null and n % 20 = 0 then registered + interval '40 days' end,
      created, created
    from (
      select n, created,
        case when n % 5 < 3 then least(created + (n % 9) * interval '1 day' + interval '3 hours', now()) end as registered
      from (select n, now() - interval '365 days' * (1 - sqrt(n::float8 / ${PASSES}::int)) as created
        from generate_series(1, ${PASSES}::int) as n) as timed
    ) as passes`.execute(db);
}

/**
 * A year of events up to now: growth over the year, busier weekends, daytime hours, noise; 45 % previews, 25 %
 * downloads, 10 % registrations, 12 % updates, 3 % unregistrations, 5 % link clicks; tags console, web, email, qr
 * and none.
 */
async function demoEvents(db: Db, projectId: string): Promise<void> {
  await sql`insert into "passEvent" ("passId", "templateId", "projectId", "type", "format", "tag", "client", "url",
      "createdAt")
    select passes."ids"[1 + event."passIndex"], passes."templateIds"[1 + event."passIndex"], ${projectId}::uuid,
      event."type",
      case when event."type" = 'download' then 'pkpass' end,
      case when event."type" in ('preview', 'download') then
        (array['console', 'web', 'web', 'email', 'qr', 'qr', ''])[1 + floor(random() * 7)::int] end,
      (array['ios', 'ios', 'android', 'desktop'])[1 + floor(random() * 4)::int],
      case when event."type" = 'link' then (array[${sql.join(LINKS.map((url) => sql`${url}::text`))}])[1 + floor(random() * ${LINKS.length}::int)::int] end,
      event."createdAt"
    from (
      select day + interval '7 hours' + random() * interval '16 hours' as "createdAt",
        case when r < 0.45 then 'preview' when r < 0.70 then 'download' when r < 0.80 then 'register'
          when r < 0.92 then 'update' when r < 0.95 then 'unregister' else 'link' end as "type",
        floor(random() * ${PASSES}::int)::int as "passIndex"
      from (
        select day, ${DAILY_EVENTS_AT_START}::int * (1 + 2 * d / 365.0)
          * case extract(isodow from day) when 6 then 1.5 when 7 then 1.7 else 1 end
          * (0.75 + random() * 0.5) as "count"
        from generate_series(0, 364) as d, lateral (select date_trunc('day', now()) - (364 - d) * interval '1 day' as day) as days
      ) as per_day, lateral generate_series(1, "count"::int) as i, lateral (select random() as r, i) as draw
    ) as event
    cross join (select array_agg("id" order by "id") as "ids", array_agg("templateId" order by "id") as "templateIds"
      from "pass" where "projectId" = ${projectId}::uuid) as passes
    where event."createdAt" < now()`.execute(db);
}

/** npm run demo-data: a project "Demo" with five templates, 600 passes and a year of events, for living charts. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    await prepareFirstStart(database.db, config, (line) => console.log(line));
    const { projectId, replaced } = await demoProject(database.db);
    const templateIds = await demoTemplates(database.db, projectId);
    await demoPasses(database.db, projectId, templateIds);
    await demoEvents(database.db, projectId);
    await sql`analyze`.execute(database.db);
    const events = await sql<{ count: string }>`select count(*) as "count" from "passEvent"
      where "projectId" = ${projectId}::uuid`.execute(database.db);
    const where = database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL';
    console.log(
      `${replaced ? 'Replaced the data of' : 'Created'} project "${PROJECT_NAME}" (${projectId}) in ${where}: ` +
        `${templateIds.length} templates (one per style, link tracking on), ${PASSES} passes, ` +
        `${Number(events.rows[0].count).toLocaleString('en')} events over the last year.`,
    );
    console.log(
      `Start the server (npm start), sign in as the first admin${config.firstAdminEmail ? ` (${config.firstAdminEmail})` : ''} and open Reports with the project "${PROJECT_NAME}".`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(redactText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
