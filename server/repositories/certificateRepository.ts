import type { Db } from '../db/database';
import type { CertificateRow } from '../db/tables';

export const certificateRepository = {
  findLive(db: Db, id: string): Promise<CertificateRow | undefined> {
    return db
      .selectFrom('certificate')
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },
};
