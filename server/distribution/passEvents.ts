import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { PassEventType } from '../db/tables';
import { clientClassOf, passEventRepository } from '../repositories/passEventRepository';
import { tagOf } from './requestDetails';

/** What a public request was about: the pass (or only the template) and how it was asked for. */
export interface PublicRequestEvent {
  passId: string | null;
  templateId: string;
  projectId: string;
  type: PassEventType;
  format: string | null;
  /** the followed address of a 'link' event */
  url?: string;
}

/**
 * Records a request to a public link for the reports, with its `tag` and the client class of its user agent.
 * A failure is logged, never passed on: the pass is served all the same.
 *
 * @example await recordPublicRequest(db, request, { passId, templateId, projectId, type: 'download', format: 'pkpass' })
 */
export async function recordPublicRequest(
  db: Db,
  request: FastifyRequest,
  event: PublicRequestEvent,
): Promise<void> {
  const query = request.query as { tag?: unknown } | undefined;
  try {
    await passEventRepository.record(db, {
      ...event,
      tag: tagOf(query?.tag),
      client: clientClassOf(request.headers['user-agent']),
    });
  } catch (error) {
    request.log.warn({ err: error }, 'the pass event was not recorded');
  }
}
