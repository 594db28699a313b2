import { sql, type Kysely } from 'kysely';
import { freeOrderPrefix } from '../../../../domain/ticket/orderPrefixes';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * A ticket sold end to end:
 * - every order item gets a random code (`ticketSecret`, 122 random bits of a v4 UUID, base64url) that its pass's
 *   barcode carries and the gate checks, unique and indexed; existing items get theirs here;
 * - the product's title in the order's language is kept with the item as sold (`productTitle`);
 * - e-shops' order prefixes become unique (the later of two e-shops sharing one gets the next free prefix: its
 *   new numbers change, the sold ones stay), so that item numbers are unique in the installation;
 * - the e-shop's seller identity for the invoice and its terms; the buyer's company and VAT ID on the order; the
 *   storefront's submission key, which makes a form sent twice one order;
 * - a product's event, written into its tickets' passes; a stamp card's reward validity.
 */
const RANDOM_CODE = sql`translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table "orderItem" add column "ticketSecret" text not null default ${RANDOM_CODE}`.execute(
    db,
  );
  await sql`create unique index "orderItem_ticketSecret" on "orderItem" ("ticketSecret")`.execute(db);
  await sql`alter table "orderItem" add column "productTitle" text`.execute(db);

  const eshops = await db
    .selectFrom('eshop')
    .select(['id', 'orderPrefix'])
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const taken: string[] = [];
  for (const eshop of eshops) {
    if (!taken.includes(eshop.orderPrefix)) {
      taken.push(eshop.orderPrefix);
      continue;
    }
    const prefix = freeOrderPrefix(taken);
    if (prefix === undefined) throw new Error(`No order prefix is left for the e-shop ${eshop.id}.`);
    taken.push(prefix);
    await db.updateTable('eshop').set({ orderPrefix: prefix }).where('id', '=', eshop.id).execute();
  }
  await sql`create unique index "eshop_orderPrefix" on "eshop" ("orderPrefix")`.execute(db);
  await sql`alter table "eshop" add column "seller" jsonb not null default '{}'::jsonb`.execute(db);
  await sql`alter table "eshop" add column "termsUrl" text not null default ''`.execute(db);

  await sql`alter table "order" add column "buyerCompany" text`.execute(db);
  await sql`alter table "order" add column "buyerVatId" text`.execute(db);
  await sql`alter table "order" add column "submissionKey" text`.execute(db);
  await sql`create unique index "order_submissionKey" on "order" ("eshopId", "submissionKey")
    where "submissionKey" is not null`.execute(db);

  await sql`alter table "product" add column "event" jsonb`.execute(db);
  await sql`alter table "stampCard" add column "rewardValidDays" integer`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table "stampCard" drop column "rewardValidDays"`.execute(db);
  await sql`alter table "product" drop column "event"`.execute(db);
  await sql`drop index "order_submissionKey"`.execute(db);
  for (const column of ['submissionKey', 'buyerVatId', 'buyerCompany'])
    await sql`alter table "order" drop column ${sql.id(column)}`.execute(db);
  await sql`alter table "eshop" drop column "termsUrl"`.execute(db);
  await sql`alter table "eshop" drop column "seller"`.execute(db);
  await sql`drop index "eshop_orderPrefix"`.execute(db);
  await sql`alter table "orderItem" drop column "productTitle"`.execute(db);
  await sql`drop index "orderItem_ticketSecret"`.execute(db);
  await sql`alter table "orderItem" drop column "ticketSecret"`.execute(db);
}
