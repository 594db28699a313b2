import type { FastifyRequest } from 'fastify';
import type { PassEventType } from '../../kernel/db/tables';
import { clientClassOf } from '../reports';
import type { EventRecorder } from '../reports';
import { tagOf } from '../../kernel/http/requestDetails';

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
 * Records a request to a public link for the reports, with its `tag` and the client class of its user agent. The
 * event is written after the answer, with others (server/features/reports/eventRecorder.ts): the request never waits for
 * it, and a failure to write it never reaches the client.
 *
 * @example recordPublicRequest(context.events, request, { passId, templateId, projectId, type: 'download', format: 'pkpass' })
 */
export function recordPublicRequest(
  events: EventRecorder,
  request: FastifyRequest,
  event: PublicRequestEvent,
): void {
  const query = request.query as { tag?: unknown } | undefined;
  events.record({
    ...event,
    tag: tagOf(query?.tag),
    client: clientClassOf(request.headers['user-agent']),
  });
}
