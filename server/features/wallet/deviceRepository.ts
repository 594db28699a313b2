import type { Db } from '../../kernel/db/database';

/** Apple Wallet devices, one row per device library identifier, with the push token it last sent. */
export const deviceRepository = {
  /**
   * The device's id, created on its first registration; a new push token replaces the old one.
   *
   * @example const deviceId = await deviceRepository.upsert(db, 'a1b2c3', 'f00d...')
   */
  async upsert(db: Db, deviceLibraryIdentifier: string, pushToken: string): Promise<string> {
    const row = await db
      .insertInto('device')
      .values({ deviceLibraryIdentifier, pushToken })
      .onConflict((conflict) =>
        conflict.column('deviceLibraryIdentifier').doUpdateSet((update) => ({
          pushToken: update.ref('excluded.pushToken'),
          updatedAt: new Date(),
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async findId(db: Db, deviceLibraryIdentifier: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('device')
      .select('id')
      .where('deviceLibraryIdentifier', '=', deviceLibraryIdentifier)
      .executeTakeFirst();
    return row?.id;
  },
};
