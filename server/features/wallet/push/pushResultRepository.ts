import type { Db } from '../../../kernel/db/database';

export interface PushResultInput {
  passId: string;
  deviceId: string;
  /** APNs' HTTP status; 0 when APNs gave no answer (unreachable, no certificate) */
  status: number;
  reason: string | null;
}

/** A pass that was pushed, as its 'push' event names it. */
export interface PushedPass {
  passId: string;
  templateId: string;
  projectId: string;
}

export interface PushResultRecord extends PushResultInput {
  id: string;
  createdAt: Date;
}

const INSERT_BATCH = 500;

/** The answer APNs gave to each push, per pass and device: what admins read when a wallet does not update. */
export const pushResultRepository = {
  /**
   * Stores the results, and one 'push' event per pass for the reports (in batches: a template push may reach
   * a hundred thousand devices).
   *
   * @example await pushResultRepository.insertMany(db, [{ passId, deviceId, status: 200, reason: null }], events)
   */
  async insertMany(db: Db, results: PushResultInput[], pushedPasses: PushedPass[]): Promise<void> {
    for (let start = 0; start < results.length; start += INSERT_BATCH)
      await db
        .insertInto('pushResult')
        .values(results.slice(start, start + INSERT_BATCH))
        .execute();
    for (let start = 0; start < pushedPasses.length; start += INSERT_BATCH)
      await db
        .insertInto('passEvent')
        .values(
          pushedPasses.slice(start, start + INSERT_BATCH).map((pass) => ({ ...pass, type: 'push' as const })),
        )
        .execute();
  },

  newestOfPass(db: Db, passId: string, limit: number): Promise<PushResultRecord[]> {
    return db
      .selectFrom('pushResult')
      .select(['id', 'passId', 'deviceId', 'status', 'reason', 'createdAt'])
      .where('passId', '=', passId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },
};
