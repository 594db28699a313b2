import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Bounds of the statements sent as named prepared statements. Each name is prepared once in each backend of the
 * pool that runs it and kept there (parse tree, plans and their memory contexts: about 60 kB on average over the
 * checkout's statements, measured with pg_backend_memory_contexts) until the connection closes. At most `names` per
 * backend: 200 × ~60 kB is about 12 MB a backend, 120 MB over the pool's 10 at the very worst; in practice a
 * connection holds a few dozen (20 to 30 after a run of checkouts). This process keeps one copy of each named
 * text, shared by every connection's pg client: at most 200 × 8 kB = 1.6 MB.
 */
export const PREPARED_STATEMENT_LIMITS = { names: 200, parameters: 100, textLength: 8192 };

/** Statements worth naming: queries and writes. Transaction control, DDL, `set`, `listen`... are never named. */
const NAMEABLE = /^(?:select|insert|update|delete|with|values|merge)\b/i;
/** Statements that may change what a prepared statement answers (its columns and their types). */
const SCHEMA_CHANGE = /^(?:create|alter|drop|do)\b/i;
const TRANSACTION_START = /^(?:begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^(?:commit|end|rollback|abort)(?:\s+(?:work|transaction))?\s*;?\s*$/i;

/** The text without the whitespace and comments it starts with (a `countersOnly` statement opens with one). */
function statementStart(text: string): string {
  return text.replace(/^(?:\s+|\/\*[\s\S]*?\*\/|--[^\n]*\n)*/, '');
}

/** May the text be prepared under a name? Only a single query or write, with parameters, within the limits. */
function nameable(text: string, start: string, parameters: number): boolean {
  return (
    parameters > 0 &&
    parameters <= PREPARED_STATEMENT_LIMITS.parameters &&
    text.length <= PREPARED_STATEMENT_LIMITS.textLength &&
    NAMEABLE.test(start) &&
    !/;\s*\S/.test(text)
  );
}

/** The error of a prepared statement whose result columns changed since it was prepared (DDL elsewhere). */
function isStalePlan(error: unknown): boolean {
  const { code, routine } = error as { code?: unknown; routine?: unknown };
  return code === '0A000' && routine === 'RevalidateCachedQuery';
}

/**
 * The names of the current generation, shared by every connection of the pool: one name a text, at most
 * `PREPARED_STATEMENT_LIMITS.names`, then texts go unnamed. A new generation starts after a schema change: names
 * carry their generation, so a statement prepared before the change is never run after it.
 */
class StatementNames {
  generation = 1;
  private names = new Map<string, { name: string; text: string }>();

  /** The name (and the one copy of the text that every connection's pg client keeps) of a text, if it may have one. */
  of(text: string): { name: string; text: string } | undefined {
    const known = this.names.get(text);
    if (known || this.names.size >= PREPARED_STATEMENT_LIMITS.names) return known;
    const named = { name: `passbase_${this.generation}_${this.names.size + 1}`, text };
    this.names.set(text, named);
    return named;
  }

  /** Starts a new generation, unless another connection already did since `seen`. */
  renew(seen: number): void {
    if (seen !== this.generation) return;
    this.generation += 1;
    this.names = new Map();
  }
}

/** What the wrapper knows of one pooled connection. */
interface ConnectionState {
  /** the generation of the names it prepared, if any: with older names it sends unnamed and closes on release */
  generation: number | undefined;
  inTransaction: boolean;
  /** a schema change in the open transaction: its end starts a new generation (others prepared the old schema) */
  schemaChanged: boolean;
}

type Values = ReadonlyArray<unknown>;
type Result = PostgresQueryResult<unknown>;

/**
 * The pool for Kysely's PostgresDialect, sending each query or write with parameters as a named prepared statement,
 * so that PostgreSQL parses and plans it once per connection instead of at every call, within
 * PREPARED_STATEMENT_LIMITS. After a schema change through it (a migration), names move to a new generation; a
 * connection that holds older ones sends its statements unnamed and is closed when released (the pool opens a
 * fresh one), so a backend never holds more than the limit. A prepared statement that PostgreSQL refuses because
 * its result columns changed (DDL by another process) starts a new generation and is sent again once, unnamed,
 * when outside a transaction (it did not run); inside one it fails, and the next attempt prepares afresh.
 *
 * @example new PostgresDialect({ pool: preparedStatements(new pg.Pool({ connectionString })) })
 */
export function preparedStatements(pool: pg.Pool): PostgresPool {
  const names = new StatementNames();
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  async function run(client: pg.PoolClient, state: ConnectionState, text: string, values: Values) {
    const start = statementStart(text);
    if (TRANSACTION_START.test(start)) state.inTransaction = true;
    const current = names.generation;
    const fresh = state.generation === undefined || state.generation === current;
    const named = fresh && nameable(text, start, values.length) ? names.of(text) : undefined;
    try {
      if (!named) return await client.query(text, [...values]);
      state.generation = current;
      try {
        return await client.query({ name: named.name, text: named.text, values: [...values] });
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        names.renew(current);
        if (state.inTransaction) throw error;
        return await client.query(text, [...values]);
      }
    } finally {
      if (SCHEMA_CHANGE.test(start)) {
        names.renew(names.generation);
        if (state.inTransaction) state.schemaChanged = true;
      } else if (TRANSACTION_END.test(start)) {
        if (state.schemaChanged) names.renew(names.generation);
        state.inTransaction = false;
        state.schemaChanged = false;
      }
    }
  }

  function wrap(client: pg.PoolClient): PostgresPoolClient {
    const known = wrappers.get(client);
    if (known) return known;
    const state: ConnectionState = { generation: undefined, inTransaction: false, schemaChanged: false };
    const wrapper = {
      query(textOrCursor: string | object, values: Values = []) {
        if (typeof textOrCursor !== 'string') return client.query(textOrCursor as pg.Submittable);
        return run(client, state, textOrCursor, values) as Promise<Result>;
      },
      release() {
        const stale = state.generation !== undefined && state.generation !== names.generation;
        state.inTransaction = false;
        state.schemaChanged = false;
        client.release(stale);
      },
    };
    wrappers.set(client, wrapper as PostgresPoolClient);
    return wrapper as PostgresPoolClient;
  }

  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
