import pg from 'pg';
import { redactText } from '../logging/redact';
import { CHANGES_CHANNEL, countersWritten, type TableChanges } from './tableChanges';

const RECONNECT_MS = 1_000;
const LISTEN = `listen ${CHANGES_CHANNEL}`;

/**
 * Round trips on the listening connection: PostgreSQL sends a session the notifications committed before its query
 * ahead of the query's answer, so once one answers, they are heard. A caller that comes while one is on its way waits
 * for the next (the one on its way may have left before the caller's cause committed); callers waiting share it.
 */
function roundTrips(client: pg.Client): () => Promise<void> {
  let sending: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | undefined;
  return () => {
    waiting ??= sending.then(() => {
      waiting = undefined;
      // LISTEN again: a no-op round trip, and the connection still shows as the listener in pg_stat_activity.
      // A failure ends the connection: `heard` turns false, and caches answer nothing until it is back.
      sending = client.query(LISTEN).then(
        () => undefined,
        () => undefined,
      );
      return sending;
    });
    return waiting;
  };
}

export interface ChangeListener {
  /** resolves once listening (or after the first attempt failed: caches stay off until it succeeds) */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Hears the writes of other processes on a PostgreSQL database (LISTEN on CHANGES_CHANNEL, which the tables'
 * triggers notify on commit) and moves those tables' versions. While the connection is down, `changes.heard` is
 * false and caches answer nothing from memory; on reconnecting, every version moves (what was missed is unknown).
 * A write of counters only (countersOnly) announces itself just before its table's trigger does, in the same
 * transaction: that next announcement of the same process is heard as a write of the table's counters. Caches
 * wait for `changes.caughtUp()` (a round trip on this connection) before they answer, so that another instance's
 * write answered before a request is seen by it.
 */
export function listenForChanges(connectionString: string, changes: TableChanges): ChangeListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      changes.heard = false;
      changes.fenceWith(undefined);
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    /** per writing process (backend), the table whose next announcement is a write of counters only */
    const countersNext = new Map<number, string>();
    next.on('notification', ({ processId, payload }) => {
      if (!payload) return;
      const counters = countersWritten(payload);
      if (counters) {
        countersNext.set(processId, counters);
        return;
      }
      const expected = countersNext.get(processId);
      countersNext.delete(processId);
      if (expected === payload) changes.movedCounters(payload);
      else changes.moved(payload);
    });
    next.on('error', (error) => {
      console.error(redactText(`The database changes channel failed: ${error.message}`));
      lost();
    });
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(LISTEN);
    } catch {
      await next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
      return;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    changes.movedAll();
    changes.fenceWith(roundTrips(next));
    changes.heard = true;
  };

  return {
    ready: connect(),
    async close() {
      closed = true;
      clearTimeout(retry);
      changes.heard = false;
      changes.fenceWith(undefined);
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}
