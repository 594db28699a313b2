import { sql } from 'kysely';
import type { Db } from '../../../../kernel/db/database';

/** A pass as a callback finds it, deleted ones included (a delete callback still ends its registration). */
export interface CallbackPass {
  id: string;
  projectId: string;
  templateId: string;
  deletedAt: Date | null;
}

/** What a save or delete callback names besides the pass. */
export interface SavedObject {
  passId: string;
  objectId: string;
  classId: string;
}

/**
 * The Google Wallets holding passes (save and delete callbacks), the pass columns they maintain (devicesAndroid,
 * part of devicesTotal, and the register and unregister dates, as Apple registrations do), and the callbacks'
 * nonces.
 */
export const googleRegistrationRepository = {
  findPass(db: Db, passId: string): Promise<CallbackPass | undefined> {
    return db
      .selectFrom('pass')
      .select(['id', 'projectId', 'templateId', 'deletedAt'])
      .where('id', '=', passId)
      .executeTakeFirst();
  },

  /**
   * Keeps the nonce until the message expires; false when it was received already (a replay).
   *
   * @example if (!(await googleRegistrationRepository.claimNonce(trx, nonce, expiresAt))) throw replayed()
   */
  async claimNonce(db: Db, nonce: string, expiresAt: Date): Promise<boolean> {
    const inserted = await db
      .insertInto('googleCallbackNonce')
      .values({ nonce, expiresAt })
      .onConflict((conflict) => conflict.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  /** Registers the saved object; false when the pass's object was saved already (nothing changes then). */
  async register(db: Db, saved: SavedObject): Promise<boolean> {
    const inserted = await db
      .insertInto('googleRegistration')
      .values(saved)
      .onConflict((conflict) => conflict.column('passId').where('deletedAt', 'is', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await db
      .updateTable('pass')
      .set((update) => ({
        devicesTotal: sql`${update.ref('devicesTotal')} + 1`,
        devicesAndroid: sql`${update.ref('devicesAndroid')} + 1`,
        firstRegisterAt: sql`coalesce(${update.ref('firstRegisterAt')}, now())`,
        lastRegisterAt: sql`now()`,
      }))
      .where('id', '=', saved.passId)
      .execute();
    return true;
  },

  /** Ends the pass's registration; false when its object was not saved (nothing changes then). */
  async unregister(db: Db, passId: string): Promise<boolean> {
    const ended = await db
      .updateTable('googleRegistration')
      .set({ deletedAt: sql`now()` })
      .where('passId', '=', passId)
      .where('deletedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!ended) return false;
    await db
      .updateTable('pass')
      .set((update) => ({
        devicesTotal: sql`greatest(${update.ref('devicesTotal')} - 1, 0)`,
        devicesAndroid: sql`greatest(${update.ref('devicesAndroid')} - 1, 0)`,
        firstUnregisterAt: sql`coalesce(${update.ref('firstUnregisterAt')}, now())`,
        lastUnregisterAt: sql`now()`,
      }))
      .where('id', '=', passId)
      .execute();
    return true;
  },

  /** Forgets the nonces of messages expired before `before`: a replay of one is refused as expired. */
  async deleteNoncesExpiredBefore(db: Db, before: Date): Promise<number> {
    const result = await db
      .deleteFrom('googleCallbackNonce')
      .where('expiresAt', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
