import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { healthRepository } from './healthRepository';

/** How long a health check waits for the database: a load balancer wants an answer, not a hung request. */
export const HEALTH_TIMEOUT_MS = 2000;

export type HealthReport =
  { status: 'ok'; database: 'ok' } | { status: 'unavailable'; database: 'unavailable'; reason: string };

/**
 * Whether the server can do its work: a real round trip to its database within HEALTH_TIMEOUT_MS. The reason
 * of a failure names what is wrong, never the database's address or credentials (the log has the error).
 *
 * @example const report = await checkHealth(context.db, request.log) // { status: 'ok', database: 'ok' }
 */
export async function checkHealth(
  db: Db,
  log: FastifyBaseLogger,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<HealthReport> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const answer = await Promise.race([healthRepository.ping(db).then(() => 'ok' as const), timeout]);
    if (answer === 'ok') return { status: 'ok', database: 'ok' };
    log.warn('health check: the database did not answer in time');
    return {
      status: 'unavailable',
      database: 'unavailable',
      reason: `The database did not answer within ${timeoutMs / 1000} seconds.`,
    };
  } catch (error) {
    log.warn({ err: error }, 'health check: the database refused the query');
    return {
      status: 'unavailable',
      database: 'unavailable',
      reason: 'The database cannot be reached or refused the query; see the server log.',
    };
  } finally {
    clearTimeout(timer);
  }
}
