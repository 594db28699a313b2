import type { Db } from '../db/database';
import type { ClientClass, PassEventType } from '../db/tables';

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
}

/**
 * What happens to passes (previews, downloads, registrations, updates, pushes, link clicks): the reports' raw
 * material. A trigger adds every inserted event to the hourly aggregates of the reports (migration 0005).
 */
export const passEventRepository = {
  async record(db: Db, event: PassEventInput): Promise<void> {
    await db
      .insertInto('passEvent')
      .values({
        passId: event.passId,
        templateId: event.templateId,
        projectId: event.projectId,
        type: event.type,
        format: event.format ?? null,
        tag: event.tag ?? null,
        client: event.client ?? null,
        url: event.url ?? null,
      })
      .execute();
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
