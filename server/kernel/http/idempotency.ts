import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext';
import { HttpError } from './errors';
import { idempotencyRepository } from './idempotencyRepository';

/** How long a key answers its first answer again. */
export const IDEMPOTENCY_KEY_LIFE_SECONDS = 24 * 3600;
/** How long a twin waits for the first request of its key before it answers 409. */
const WAIT_FOR_FIRST_MS = 30_000;
/** A key still 'running' this long after its request began was left by a process that stopped: it may be taken. */
const STALE_RUNNING_SECONDS = 10 * 60;
/** The largest answer kept for replay; a larger one (or a file, a stream) lets its key go. */
export const IDEMPOTENT_ANSWER_MAX_BYTES = 1024 * 1024;

const KEY = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

const invalidKey = () =>
  new HttpError(400, {
    en: 'Idempotency-Key must be 1 to 255 printable ASCII characters (letters, digits, punctuation; no leading or trailing space), such as a UUID.',
    cs: 'Idempotency-Key musí mít 1 až 255 tisknutelných znaků ASCII (písmena, číslice, interpunkce; bez mezery na začátku a na konci), například UUID.',
  });

const otherRequest = () =>
  new HttpError(422, {
    en: 'This Idempotency-Key was used with another request (another path or body) in the last 24 hours: use a new key for a new request.',
    cs: 'Tento Idempotency-Key byl za posledních 24 hodin použit s jiným požadavkem (jiná cesta nebo tělo): pro nový požadavek použijte nový klíč.',
  });

const stillRunning = () =>
  new HttpError(
    409,
    {
      en: 'A request with this Idempotency-Key is still running; retry.',
      cs: 'Požadavek s tímto Idempotency-Key stále běží; zkuste to znovu.',
    },
    undefined,
    { 'retry-after': '1' },
  );

const principalOf = (request: FastifyRequest) =>
  `${request.viewer.apiClient ? 'client' : 'user'}:${request.viewer.id}`;

/** SHA-256 of the method, the path (with its query) and the raw body: what a key's replay must match. */
function requestHashOf(request: FastifyRequest): string {
  return crypto
    .createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(request.rawBody ?? '')
    .digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The JSON or text an answer carries, when it may be kept; undefined for a file, a stream or a large one. */
function keptBody(reply: FastifyReply, payload: unknown): string | undefined {
  if (payload === null || payload === undefined || payload === '') return '';
  const contentType = String(reply.getHeader('content-type') ?? '');
  if (!/^(application\/([\w.+-]*\+)?json|text\/)/i.test(contentType)) return undefined;
  const text =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
  return text !== undefined && Buffer.byteLength(text) <= IDEMPOTENT_ANSWER_MAX_BYTES ? text : undefined;
}

async function replay(context: AppContext, request: FastifyRequest, reply: FastifyReply, key: string) {
  const principal = principalOf(request);
  const requestHash = requestHashOf(request);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    if (Date.now() > deadline) throw stillRunning();
    const row = await idempotencyRepository.find(context.db, principal, key);
    // The first request's key was let go meanwhile (a 5xx): this one may run as the first.
    if (!row) {
      if (
        await idempotencyRepository.claim(
          context.db,
          { principal, key, requestHash },
          IDEMPOTENCY_KEY_LIFE_SECONDS,
          STALE_RUNNING_SECONDS,
        )
      ) {
        request.idempotencyClaim = { principal, key };
        return undefined;
      }
      continue;
    }
    if (row.requestHash !== requestHash) throw otherRequest();
    if (row.state === 'done' && row.status !== null) {
      reply.status(row.status).header('idempotency-replayed', 'true');
      if (row.contentType) reply.header('content-type', row.contentType);
      if (row.location) reply.header('location', row.location);
      return reply.send(row.body ?? '');
    }
    if (Date.now() + pause > deadline) throw stillRunning();
    await sleep(pause);
  }
}

/**
 * Idempotent POSTs (issue 29), for a scope of routes behind authentication: a POST with an `Idempotency-Key`
 * header claims the key for its principal (a user or an API client) in the `idempotencyKey` table; its answer
 * (status, body, content type, Location) is kept 24 hours and answered again, with `Idempotency-Replayed: true`, to
 * the same key with the same method, path and body, with no second write. The same key with another request answers
 * 422. Twins sent while the first still runs wait for its answer (up to 30 s, then 409). A 5xx answer, a file or
 * stream, an answer above 1 MiB, and a multipart upload are not kept: their key may be sent again.
 *
 * @example signedIn.addHook('preHandler', authenticate(context)); installIdempotency(signedIn, context);
 */
export function installIdempotency(app: FastifyInstance, context: AppContext): void {
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (request.method !== 'POST' || header === undefined) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (key.length > 255 || !KEY.test(key)) throw invalidKey();
    // A multipart upload's body is read by its route, after this hook: nothing to compare a replay with.
    if (request.rawBody === undefined && /^multipart\//i.test(request.headers['content-type'] ?? '')) return;
    const principal = principalOf(request);
    const claimed = await idempotencyRepository.claim(
      context.db,
      { principal, key, requestHash: requestHashOf(request) },
      IDEMPOTENCY_KEY_LIFE_SECONDS,
      STALE_RUNNING_SECONDS,
    );
    if (claimed) {
      request.idempotencyClaim = { principal, key };
      return;
    }
    return replay(context, request, reply, key);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    // A failure of the server's, or a limit's 429, says nothing of the request: its key may be sent again.
    const kept = reply.statusCode < 500 && reply.statusCode !== 429;
    const body = kept ? keptBody(reply, payload) : undefined;
    if (body === undefined) await idempotencyRepository.release(context.db, claim.principal, claim.key);
    else
      await idempotencyRepository.finish(context.db, claim.principal, claim.key, {
        status: reply.statusCode,
        contentType: headerText(reply.getHeader('content-type')),
        location: headerText(reply.getHeader('location')),
        body,
      });
    return payload;
  });

  // An answer never sent (the client went away, the process failed mid-way) lets its key go.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (claim) await idempotencyRepository.release(context.db, claim.principal, claim.key);
  });
}

function headerText(value: ReturnType<FastifyReply['getHeader']>): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : String(value);
}
