import { sql } from 'kysely';
import type { Db } from '../db/database';

export const healthRepository = {
  /** The smallest round trip: the database parses, plans and answers one row. */
  async ping(db: Db): Promise<void> {
    await sql`select 1`.execute(db);
  },
};
