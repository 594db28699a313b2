import { sql } from 'kysely';
import type { Db } from '../../kernel/db/database';
import type { WebhookRow } from '../../kernel/db/tables';

/** What the sender reads of an endpoint. */
export type EndpointRow = Pick<
  WebhookRow,
  'id' | 'url' | 'active' | 'deletedAt' | 'secretSealed' | 'previousSecretSealed' | 'previousSecretExpiresAt'
>;

/** The SQL of webhook endpoints. */
export const webhookRepository = {
  /** Every live, active endpoint's project and event types: what the subscriptions in memory are made of. */
  listening(db: Db): Promise<Array<{ projectId: string; events: string[] }>> {
    return db
      .selectFrom('webhook')
      .select(['projectId', 'events'])
      .where('deletedAt', 'is', null)
      .where('active', '=', true)
      .execute();
  },

  /** The endpoints the sender delivers to, by id (deleted and inactive ones too: their deliveries then fail). */
  endpoints(db: Db, ids: readonly string[]): Promise<EndpointRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom('webhook')
      .select([
        'id',
        'url',
        'active',
        'deletedAt',
        'secretSealed',
        'previousSecretSealed',
        'previousSecretExpiresAt',
      ])
      .where('id', 'in', ids)
      .execute();
  },

  /**
   * A new secret; the current one signs beside it for `overlapSeconds` (0: not at all). A secret rolled during an
   * overlap drops the oldest one.
   */
  async rollSecret(
    db: Db,
    id: string,
    sealed: string,
    overlapSeconds: number,
  ): Promise<WebhookRow | undefined> {
    return db
      .updateTable('webhook')
      .set({
        previousSecretSealed: overlapSeconds > 0 ? sql<string>`"secretSealed"` : null,
        previousSecretExpiresAt:
          overlapSeconds > 0 ? sql<Date>`now() + make_interval(secs => ${overlapSeconds})` : null,
        secretSealed: sealed,
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .returningAll()
      .executeTakeFirst();
  },
};
