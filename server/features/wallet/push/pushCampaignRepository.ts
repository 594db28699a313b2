import { sql } from 'kysely';
import type { Db } from '../../../kernel/db/database';
import type { PushCampaignRow } from '../../../kernel/db/tables';

/** What starts a campaign. */
export interface NewPushCampaign {
  projectId: string;
  templateId: string;
  cause: 'template' | 'renewal';
  /** who started it: a user or API client id; null for the server itself */
  createdBy: string | null;
}

/** A counted part of a campaign: a chunk's pushes, or a retry of some of them. */
export interface CampaignPartCount {
  campaignId: string;
  /** the part's key within the campaign, e.g. "c12" or "c12.r1" */
  part: string;
  sent: number;
  failed: number;
  /** pushes handed to a retry job queued in the same transaction (a part of its own, counted when it ends) */
  retried: number;
  /** why the latest push of the part failed, if one did */
  lastError: string | null;
}

/** A chunk the planner takes: the next live passes of the template after the cursor. */
export interface PlannedChunk {
  /** the pass id the chunk starts after (exclusive); null: from the first */
  after: string | null;
  /** the chunk's last pass id (inclusive) */
  upTo: string;
  passes: number;
}

/** Ends a running campaign as done once it is planned and none of its parts waits to be counted. */
const doneWhenSettled = {
  status: sql<
    'running' | 'done' | 'cancelled'
  >`case when "planned" and "pending" = 0 and "status" = 'running' then 'done' else "status" end`,
  finishedAt: sql<Date | null>`case when "planned" and "pending" = 0 and "status" = 'running' then now() else "finishedAt" end`,
};

/**
 * Storage of push campaigns: every state change is one short statement (a campaign over a million passes never
 * holds a statement over all of them), counted parts are inserted once by their key.
 */
export const pushCampaignRepository = {
  find(db: Db, id: string): Promise<PushCampaignRow | undefined> {
    return db.selectFrom('pushCampaign').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * Stores a running campaign and cancels the running ones of the same template (the later one wins: their chunks
   * not yet sent are skipped, this one pushes every device); an import's campaign carries other changes (its rows'),
   * so it is never cancelled by this. Run it in the transaction that queues the planner.
   *
   * @example const campaign = await pushCampaignRepository.start(trx, { projectId, templateId, cause: 'template', createdBy })
   */
  async start(db: Db, campaign: NewPushCampaign): Promise<PushCampaignRow> {
    const row = await db.insertInto('pushCampaign').values(campaign).returningAll().executeTakeFirstOrThrow();
    await db
      .updateTable('pushCampaign')
      .set({ status: 'cancelled', supersededBy: row.id, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where('templateId', '=', campaign.templateId)
      .where('status', '=', 'running')
      .where('cause', '!=', 'import')
      .where('id', '!=', row.id)
      .execute();
    return row;
  },

  /**
   * The campaign of an import, started (running, open: not planned until the import ends) by its first call: the
   * import's row is locked meanwhile, so chunks written side by side start one campaign. Run it in a transaction.
   * The lock is FOR NO KEY UPDATE, the one a chunk's update of its counts takes: FOR UPDATE would also wait for the
   * key share a chunk written side by side holds (its result row's reference to the import) while that chunk waits
   * for this one's update of the counts, a deadlock.
   *
   * @example const campaign = await pushCampaignRepository.ofImport(trx, { importId, projectId, templateId, createdBy })
   */
  async ofImport(
    db: Db,
    of: { importId: string; projectId: string; templateId: string; createdBy: string | null },
  ): Promise<PushCampaignRow> {
    const passImport = await db
      .selectFrom('passImport')
      .select('pushCampaignId')
      .where('id', '=', of.importId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    const existing = passImport?.pushCampaignId
      ? await pushCampaignRepository.find(db, passImport.pushCampaignId)
      : undefined;
    if (existing) return existing;
    const row = await db
      .insertInto('pushCampaign')
      .values({
        projectId: of.projectId,
        templateId: of.templateId,
        cause: 'import',
        createdBy: of.createdBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db
      .updateTable('passImport')
      .set({ pushCampaignId: row.id })
      .where('id', '=', of.importId)
      .execute();
    return row;
  },

  /** The campaign of the import, if one started (its end closes it). */
  async campaignIdOfImport(db: Db, importId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('passImport')
      .select('pushCampaignId')
      .where('id', '=', importId)
      .executeTakeFirst();
    return row?.pushCampaignId ?? undefined;
  },

  /**
   * Adds a chunk of explicit passes to a running campaign (an import's): its passes and devices, one more part to
   * count; answers the chunk's number, or undefined when the campaign no longer runs (nothing changed).
   */
  async addChunk(db: Db, id: string, passes: number, devices: number): Promise<number | undefined> {
    const row = await db
      .updateTable('pushCampaign')
      .set((eb) => ({
        chunks: eb('chunks', '+', 1),
        pending: eb('pending', '+', 1),
        passes: eb('passes', '+', passes),
        devices: eb('devices', '+', devices),
        updatedAt: sql`now()`,
      }))
      .where('id', '=', id)
      .where('status', '=', 'running')
      .returning('chunks')
      .executeTakeFirst();
    return row?.chunks;
  },

  /** Cancels a running campaign; false when it was no longer running. */
  async cancel(db: Db, id: string): Promise<boolean> {
    const result = await db
      .updateTable('pushCampaign')
      .set({ status: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** The next up to `size` live passes of the template after the cursor, by id (index "pass_templateId_id"). */
  async nextChunk(
    db: Db,
    templateId: string,
    after: string | null,
    size: number,
  ): Promise<PlannedChunk | undefined> {
    let query = db
      .selectFrom('pass')
      .select('id')
      .where('templateId', '=', templateId)
      .where('deletedAt', 'is', null)
      .orderBy('id')
      .limit(size);
    if (after !== null) query = query.where('id', '>', after);
    const ids = await query.execute();
    if (!ids.length) return undefined;
    return { after, upTo: ids[ids.length - 1].id, passes: ids.length };
  },

  /**
   * Moves the cursor past the chunk and adds its passes and devices, in the transaction that touches and queues
   * the chunk; false (nothing changed) when the campaign stopped running or another planner moved the cursor.
   */
  async advance(db: Db, id: string, chunk: PlannedChunk, devices: number): Promise<number | undefined> {
    let update = db
      .updateTable('pushCampaign')
      .set((eb) => ({
        cursor: chunk.upTo,
        chunks: eb('chunks', '+', 1),
        pending: eb('pending', '+', 1),
        passes: eb('passes', '+', chunk.passes),
        devices: eb('devices', '+', devices),
        updatedAt: sql`now()`,
      }))
      .where('id', '=', id)
      .where('status', '=', 'running');
    update =
      chunk.after === null ? update.where('cursor', 'is', null) : update.where('cursor', '=', chunk.after);
    const row = await update.returning('chunks').executeTakeFirst();
    return row?.chunks;
  },

  /** Every pass is planned (or the import ended): the campaign is done at once when no part waits to be counted. */
  async finishPlanning(db: Db, id: string): Promise<void> {
    await db
      .updateTable('pushCampaign')
      .set({ planned: true, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
    await db.updateTable('pushCampaign').set(doneWhenSettled).where('id', '=', id).execute();
  },

  /**
   * Counts a part once: inserts its key (nothing when it was counted before) and adds its counts; a part that
   * handed pushes to a retry job keeps the campaign pending for it. Answers false when it was counted already (the
   * caller's transaction then stores nothing more).
   */
  async countPart(db: Db, count: CampaignPartCount): Promise<boolean> {
    const inserted = await db
      .insertInto('pushCampaignPart')
      .values({
        campaignId: count.campaignId,
        part: count.part,
        sent: count.sent,
        failed: count.failed,
        retried: count.retried,
      })
      .onConflict((conflict) => conflict.columns(['campaignId', 'part']).doNothing())
      .returning('part')
      .executeTakeFirst();
    if (!inserted) return false;
    await db
      .updateTable('pushCampaign')
      .set((eb) => ({
        sent: eb('sent', '+', count.sent),
        failed: eb('failed', '+', count.failed),
        pending: eb('pending', '-', count.retried ? 0 : 1),
        lastError: count.lastError ?? eb.ref('lastError'),
        updatedAt: sql`now()`,
      }))
      .where('id', '=', count.campaignId)
      .execute();
    await db.updateTable('pushCampaign').set(doneWhenSettled).where('id', '=', count.campaignId).execute();
    return true;
  },
};
