import { sql } from 'kysely';
import type { Db } from '../../kernel/db/database';
import { countersOnly } from '../../kernel/db/tableChanges';
import type { ClientClass, PassEventType } from '../../kernel/db/tables';

export interface PassEventInput {
  passId: string | null;
  templateId: string | null;
  projectId: string;
  type: PassEventType;
  format?: string | null;
  tag?: string | null;
  client?: ClientClass | null;
  /** the clicked address of a 'link' event */
  url?: string | null;
  /** when it happened; now when not given */
  createdAt?: Date;
}

/**
 * What happens to passes (previews, downloads, registrations, updates, pushes, link clicks): the reports' raw
 * material. A statement-level trigger adds the events of each INSERT to the hourly aggregates of the reports
 * (migration 0005): one upsert per hour, project, template, type, tag and url with the summed count.
 */
export const passEventRepository = {
  /**
   * The events in one INSERT, whatever their number (the rows travel as one JSON parameter), so that the trigger
   * runs once for all of them.
   */
  async recordMany(db: Db, events: readonly PassEventInput[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map((event) => ({
      passId: event.passId,
      templateId: event.templateId,
      projectId: event.projectId,
      type: event.type,
      format: event.format ?? null,
      tag: event.tag ?? null,
      client: event.client ?? null,
      url: event.url ?? null,
      createdAt: (event.createdAt ?? new Date()).toISOString(),
    }));
    await sql`insert into "passEvent" ("passId", "templateId", "projectId", "type", "format", "tag", "client",
        "url", "createdAt")
      select "passId", "templateId", "projectId", "type", "format", "tag", "client", "url", "createdAt"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as "event"("passId" uuid, "templateId" uuid,
        "projectId" uuid, "type" text, "format" text, "tag" text, "client" text, "url" text,
        "createdAt" timestamptz)`.execute(db);
  },

  /**
   * Adds each pass's new downloads to its counter in one statement. The rows are locked in the order of their ids,
   * so that two instances adding to the same passes at once wait for each other instead of deadlocking. A write of
   * counters only (countersOnly): what the public links keep of these passes stays valid.
   */
  async addDownloads(db: Db, downloads: ReadonlyMap<string, number>): Promise<void> {
    if (downloads.size === 0) return;
    const added = JSON.stringify([...downloads].map(([id, count]) => ({ id, count })));
    await sql`${countersOnly('pass')}, "added" as (
        select "id", "count" from jsonb_to_recordset(${added}::jsonb) as "added"("id" uuid, "count" integer)
      ), "locked" as (
        select "pass"."id", "added"."count" from "pass" join "added" on "added"."id" = "pass"."id"
        order by "pass"."id" for update of "pass"
      )
      update "pass" set "downloads" = "pass"."downloads" + "locked"."count"
      from "locked", "countersAnnounced" where "pass"."id" = "locked"."id"`.execute(db);
  },
};

/**
 * The kind of client behind a user agent, as the reports count them.
 *
 * @example clientClassOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)') // 'ios'
 */
export function clientClassOf(userAgent: string | undefined): ClientClass {
  if (!userAgent) return 'other';
  if (/iPhone|iPad|iPod|PassKit|Passbook|Wallet\//i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  if (/Windows|Macintosh|X11|Linux|CrOS/i.test(userAgent)) return 'desktop';
  return 'other';
}
