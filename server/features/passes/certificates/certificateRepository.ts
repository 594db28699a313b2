import type { Db } from '../../../kernel/db/database';
import type { CertificateRow } from '../../../kernel/db/tables';

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
