import type { AppContext } from '../../kernel/appContext';
import type { Db } from '../../kernel/db/database';

/** What a feature does when a pass changed, e.g. the wallet feature queues its pushes to the devices holding it. */
export type PassChangeListener = (passId: string) => Promise<void>;

/** Many passes changed by one cause: an import's chunk. All the changes of one import are one batch. */
export interface PassChangeBatch {
  cause: 'import';
  /** the import that changed them: every chunk of it announces under this id */
  importId: string;
  /** the template whose passes changed */
  templateId: string;
  /** who made the change: a user or API client id; null for the server */
  createdBy: string | null;
}

/** What a feature does with many changed passes at once, and when their batch ends (no more of it follows). */
export interface PassChangesListener {
  /** Stores its durable work in `db`, the transaction that stores the changes' outcome (the caller wakes the jobs). */
  changed(db: Db, passIds: string[], batch: PassChangeBatch): Promise<void>;
  ended(batch: PassChangeBatch): Promise<void>;
}

const listeners = new WeakMap<AppContext, PassChangeListener[]>();
const batchListeners = new WeakMap<AppContext, PassChangesListener[]>();
/** The contexts whose changes are collected instead of announced (collectPassChanges). */
const collectors = new WeakMap<AppContext, Set<string>>();

/**
 * Tells `listener` of every pass of this app that changes from now on (the wallet feature registers its pushes
 * when it starts), so the passes feature need not know who holds passes.
 *
 * @example onPassChange(context, (passId) => push.queuePassPush(passId))
 */
export function onPassChange(context: AppContext, listener: PassChangeListener): void {
  listeners.set(context, [...(listeners.get(context) ?? []), listener]);
}

/**
 * Tells `listener` of the passes changed in batches (announcePassChanges) and of each batch's end.
 *
 * @example onPassChanges(context, { changed: (passIds, batch) => addChunk(batch, passIds), ended: closeCampaign })
 */
export function onPassChanges(context: AppContext, listener: PassChangesListener): void {
  batchListeners.set(context, [...(batchListeners.get(context) ?? []), listener]);
}

/**
 * The one place that says "this pass changed": every listener runs, in the order they were registered, before the
 * call settles (a listener queues durable work; it does not wait for the wallets). In a context made by
 * collectPassChanges the pass is only collected.
 *
 * @example await announcePassChange(call.app, row.id)
 */
export async function announcePassChange(context: AppContext, passId: string): Promise<void> {
  const collector = collectors.get(context);
  if (collector) {
    collector.add(passId);
    return;
  }
  for (const listener of listeners.get(context) ?? []) await listener(passId);
}

/**
 * A copy of `context` (with `db`, e.g. a transaction) whose pass changes are collected, not announced: a write of
 * many passes announces them once it is committed (announcePassChanges), and nothing when it is rolled back.
 *
 * @example const { context: writing, changed } = collectPassChanges(context, trx)
 */
export function collectPassChanges(
  context: AppContext,
  db = context.db,
): { context: AppContext; changed: Set<string> } {
  const collecting = { ...context, db };
  const changed = new Set<string>();
  collectors.set(collecting, changed);
  return { context: collecting, changed };
}

/**
 * Says "these passes changed", all of one batch: the batch listeners store their work (the wallet feature fans them
 * out as one push campaign per batch) in `db`, the transaction that also stores what the write did, so that either
 * both are kept or neither (a write whose outcome is lost is done again, and announced then). The job queue is woken
 * once it is committed.
 *
 * @example await context.db.transaction().execute((trx) => announcePassChanges(context, trx, passIds, batch))
 */
export async function announcePassChanges(
  context: AppContext,
  db: Db,
  passIds: string[],
  batch: PassChangeBatch,
): Promise<void> {
  if (passIds.length === 0) return;
  for (const listener of batchListeners.get(context) ?? []) await listener.changed(db, passIds, batch);
}

/**
 * Says that no more changes of the batch follow (the import ended): its fan-out may end once it is sent.
 *
 * @example await announcePassChangesEnd(context, { cause: 'import', importId, templateId, createdBy })
 */
export async function announcePassChangesEnd(context: AppContext, batch: PassChangeBatch): Promise<void> {
  for (const listener of batchListeners.get(context) ?? []) await listener.ended(batch);
}
