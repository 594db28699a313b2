import type { Db } from '../../kernel/db/database';
import type { TableChanges } from '../../kernel/db/tableChanges';
import { webhookRepository } from './webhookRepository';

const TABLES = ['webhook'];

export interface Subscriptions {
  /** Does a live, active endpoint of the project listen to the type? Read through `via` (a transaction) if stale. */
  listens(projectId: string, type: string, via?: Db): Promise<boolean>;
  /** Does one of any project listen to one of the types? */
  listensAnywhere(types: readonly string[], via?: Db): Promise<boolean>;
}

/**
 * The event types each project's endpoints listen to, kept in memory while the webhook table is unchanged (its
 * stamp in TableChanges, as the row caches keep theirs): a cause nobody listens to costs a look-up in a map, no
 * query. Read again after any write to the table; where other writers cannot be heard, read at every question.
 *
 * @example const subscriptions = createSubscriptions(db, changes); await subscriptions.listens(projectId, 'pass.created')
 */
export function createSubscriptions(db: Db, changes: TableChanges): Subscriptions {
  let kept: { stamp: number; byProject: Map<string, Set<string>>; anywhere: Set<string> } | undefined;
  let loading: { stamp: number; promise: Promise<NonNullable<typeof kept>> } | undefined;

  async function load(stamp: number, via: Db) {
    const byProject = new Map<string, Set<string>>();
    const anywhere = new Set<string>();
    for (const { projectId, events } of await webhookRepository.listening(via)) {
      const types = byProject.get(projectId) ?? new Set<string>();
      for (const type of events) {
        types.add(type);
        anywhere.add(type);
      }
      byProject.set(projectId, types);
    }
    return { stamp, byProject, anywhere };
  }

  async function current(via: Db = db) {
    if (!changes.mayCache(TABLES)) return load(-1, via);
    await changes.caughtUp();
    // the listening connection may have been lost meanwhile
    if (!changes.mayCache(TABLES)) return load(-1, via);
    const stamp = changes.stamp(TABLES);
    if (kept?.stamp === stamp) return kept;
    // questions asked together while it loads share one query (of the same stamp: a write meanwhile reads again)
    if (loading?.stamp !== stamp) {
      const promise = load(stamp, via);
      promise.catch(() => (loading = undefined));
      loading = { stamp, promise };
    }
    const loaded = await loading.promise;
    if (changes.stamp(TABLES) === loaded.stamp) kept = loaded;
    return loaded;
  }

  return {
    async listens(projectId, type, via) {
      return (await current(via)).byProject.get(projectId)?.has(type) === true;
    },
    async listensAnywhere(types, via) {
      const { anywhere } = await current(via);
      return types.some((type) => anywhere.has(type));
    },
  };
}
