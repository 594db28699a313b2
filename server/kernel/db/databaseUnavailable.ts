import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * PostgreSQL's codes for a server that cannot serve the session: class 08 (connection exception) is matched by its
 * prefix; 57P01 admin_shutdown (a restart, or pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up or shutting down), 53300 too_many_connections.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Node's codes for a socket to the database that could not be opened or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What the pg client says, without a code, of a connection that ended or never opened in time. */
const LOST_CONNECTION =
  /^(?:Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed)/;

/**
 * The database could not be reached: no connection could be had from the pool (refused, timed out, the database not
 * accepting connections), or the connection was cut under a statement.
 *
 * @example throw new DatabaseUnavailableError(error)
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(cause: unknown) {
    super(`The database cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

const sqlStateOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** PostgreSQL's own word that it cannot serve the session (its SQLSTATE, which nothing but the database sends). */
const isUnavailableState = (code: string | undefined) =>
  code !== undefined && (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_CODES.has(code));

/**
 * Did the work fail because the database is out of reach (restarting, refusing connections, the connection cut),
 * rather than because of the work itself? Such a failure ends once the database is back: a request answers 503, a
 * job tries again.
 *
 * @example if (isDatabaseUnavailable(error)) return answerOf(503, ...)
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return error instanceof DatabaseUnavailableError || isUnavailableState(sqlStateOf(error));
}

/** An error of the pg driver that says the connection is gone (a socket error, or pg's own words). */
function isLostConnection(error: unknown): boolean {
  const code = sqlStateOf(error);
  if (isUnavailableState(code) || (code !== undefined && SOCKET_CODES.has(code))) return true;
  const message = (error as { message?: unknown } | null)?.message;
  return code === undefined && typeof message === 'string' && LOST_CONNECTION.test(message);
}

const unavailable = (error: unknown) => {
  throw isLostConnection(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
};

/**
 * The pool, its failures to hand out a connection, and the statements cut by a lost connection, thrown as
 * DatabaseUnavailableError: PostgreSQL's refusal while it forbids connections comes with a code (55000) that other
 * failures share, and a socket error of the driver must not be taken for one of an outgoing HTTP call.
 *
 * @example new PostgresDialect({ pool: unavailableWhenUnreachable(preparedStatements(pool)) })
 */
export function unavailableWhenUnreachable(pool: PostgresPool): PostgresPool {
  // one wrapper per pooled connection, made when it is first handed out (a connection is handed out per statement)
  const wrappers = new WeakMap<PostgresPoolClient, PostgresPoolClient>();
  const wrap = (client: PostgresPoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) wrappers.set(client, (wrapper = wrapperOf(client)));
    return wrapper;
  };
  const wrapperOf = (client: PostgresPoolClient): PostgresPoolClient =>
    ({
      query(textOrCursor: string | object, values?: ReadonlyArray<unknown>) {
        if (typeof textOrCursor !== 'string')
          return client.query(textOrCursor as Parameters<PostgresPoolClient['query']>[0] & object);
        return client.query(textOrCursor, values ?? []).catch(unavailable);
      },
      release: () => client.release(),
    }) as PostgresPoolClient;
  return {
    connect: () =>
      pool.connect().then(wrap, (error: unknown) => {
        throw new DatabaseUnavailableError(error);
      }),
    end: () => pool.end(),
  };
}
