import type { Db } from '../db/database';

/** What Apple Wallet reports about our web service (POST /v1/log): kept for operators. */
export const walletLogRepository = {
  /** @example await walletLogRepository.insert(db, ['Web service error for pass.com.example: ...']) */
  async insert(db: Db, messages: string[]): Promise<void> {
    if (messages.length === 0) return;
    await db
      .insertInto('walletLog')
      .values(messages.map((message) => ({ message })))
      .execute();
  },
};
