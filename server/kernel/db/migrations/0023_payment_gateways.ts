import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Real gateways per e-shop:
 * - the e-shop's gateway settings in the clear (`paymentGateway`: kind, sandbox flag, address, ids) and its secrets
 *   apart, each sealed for the e-shop (`paymentGatewaySecrets`: name -> sealed value); every e-shop starts on the
 *   simulated bank;
 * - the gateway an order's payment is held by and the page it is paid on, which a real gateway chooses;
 * - the gateways' notifications already heard, so that a replayed one changes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table "eshop" add column "paymentGateway" jsonb not null default '{"kind":"simulated"}'::jsonb`.execute(
    db,
  );
  await sql`alter table "eshop" add column "paymentGatewaySecrets" jsonb not null default '{}'::jsonb`.execute(
    db,
  );
  await sql`alter table "order" add column "paymentGateway" text`.execute(db);
  await sql`alter table "order" add column "paymentUrl" text`.execute(db);
  await sql`create table "gatewayEvent" (
    "gateway" text not null,
    "eventId" text not null,
    "receivedAt" timestamptz not null default now(),
    primary key ("gateway", "eventId")
  )`.execute(db);
  await sql`create index "gatewayEvent_receivedAt" on "gatewayEvent" ("receivedAt")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table "gatewayEvent"`.execute(db);
  await sql`alter table "order" drop column "paymentUrl"`.execute(db);
  await sql`alter table "order" drop column "paymentGateway"`.execute(db);
  await sql`alter table "eshop" drop column "paymentGatewaySecrets"`.execute(db);
  await sql`alter table "eshop" drop column "paymentGateway"`.execute(db);
}
