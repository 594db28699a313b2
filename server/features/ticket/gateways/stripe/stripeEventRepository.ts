import type { Db } from '../../../../kernel/db/database';

const GATEWAY = 'stripe';

/** The Stripe events already heard (table gatewayEvent), so that a replayed or retried one changes nothing. */
export const stripeEventRepository = {
  /** Records the event; false when it was heard before (of two deliveries at the same moment, one is first). */
  async heardFirst(db: Db, eventId: string): Promise<boolean> {
    const inserted = await db
      .insertInto('gatewayEvent')
      .values({ gateway: GATEWAY, eventId })
      .onConflict((conflict) => conflict.columns(['gateway', 'eventId']).doNothing())
      .returning('eventId')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  /** Forgets an event that could not be acted on, so that Stripe's next delivery of it acts. */
  async forget(db: Db, eventId: string): Promise<void> {
    await db
      .deleteFrom('gatewayEvent')
      .where('gateway', '=', GATEWAY)
      .where('eventId', '=', eventId)
      .execute();
  },
};
