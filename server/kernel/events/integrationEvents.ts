import type { Db } from '../db/database';

/** Something that happened in a project that integrations may hear of (its type: domain/schemas/webhook.ts). */
export interface IntegrationEvent {
  projectId: string;
  type: string;
  /** the entity as the API answers it, or a compact form with its ids (docs/api.md says which) */
  data: unknown;
}

/**
 * The seam between the causes of events (passes, wallets, orders, the gate, the till) and whoever carries them out
 * (the webhooks feature): a cause asks `listens` (answered from memory) and, only when someone listens, `publish`es
 * in its own transaction, so that an acknowledged change is never lost and a rolled-back one never sent; then
 * `wake()` once it committed (else the sender finds the event at its next poll).
 *
 * @example if (await context.integrationEvents.listens(projectId, 'order.paid')) await context.integrationEvents.publish(trx, { projectId, type: 'order.paid', data })
 */
export interface IntegrationEvents {
  /**
   * Does anything listen to events of this type in this project? Answered from memory while nothing changed; else
   * read through `db`, the caller's transaction when asked inside one (PGlite has one connection: a query beside
   * an open transaction would wait for it forever).
   */
  listens(projectId: string, type: string, db?: Db): Promise<boolean>;
  /** Does anything listen, in any project, to one of these types (a write that learns its project only later)? */
  listensAnywhere(types: readonly string[], db?: Db): Promise<boolean>;
  /** Stores the event for every listener, in `db` (the caller's transaction); answers whether any listened. */
  publish(db: Db, event: IntegrationEvent): Promise<boolean>;
  /** Tells the sender that events were stored and committed. */
  wake(): void;
}

/** Nobody listens: the port where no feature carries events out (a tool, a test of the kernel). */
export const noIntegrationEvents: IntegrationEvents = {
  listens: async () => false,
  listensAnywhere: async () => false,
  publish: async () => false,
  wake: () => undefined,
};

/**
 * Publishes an event of `type` in `projectId` when someone listens; its data is made only then. `db` is the cause's
 * transaction; the caller wakes the sender once it committed. Answers whether it published.
 *
 * @example if (await publishIfHeard(context.integrationEvents, trx, projectId, 'stamp.added', () => compactStamp(stamp))) woken = true
 */
export async function publishIfHeard(
  events: IntegrationEvents,
  db: Db,
  projectId: string | null | undefined,
  type: string,
  data: () => unknown,
): Promise<boolean> {
  if (!projectId || !(await events.listens(projectId, type, db))) return false;
  return events.publish(db, { projectId, type, data: await data() });
}

/**
 * Runs a write that may cause an event of `type` in `projectId`. When someone listens: in one transaction with the
 * event (its data made by `dataOf` from the write's result; undefined: this write caused none), and the sender is
 * woken once it committed. Else the write alone, as it would run without webhooks.
 *
 * @example const created = await writeWithEvent(context, pass.projectId, 'pass.registered', (db) => register(db, …), (created) => (created ? { passId } : undefined))
 */
export async function writeWithEvent<T>(
  context: { db: Db; integrationEvents: IntegrationEvents },
  projectId: string,
  type: string,
  write: (db: Db) => Promise<T>,
  dataOf: (result: T) => unknown,
): Promise<T> {
  const events = context.integrationEvents;
  if (!(await events.listens(projectId, type))) return write(context.db);
  const inTransaction = async (db: Db) => {
    const result = await write(db);
    const data = dataOf(result);
    const published = data !== undefined && (await events.publish(db, { projectId, type, data }));
    return { result, published };
  };
  if (context.db.isTransaction) return (await inTransaction(context.db)).result;
  const { result, published } = await context.db.transaction().execute(inTransaction);
  if (published) events.wake();
  return result;
}
