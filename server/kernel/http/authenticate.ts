import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext';
import { HttpError } from './errors';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

const unauthorized = () =>
  new HttpError(
    401,
    {
      en: 'You are not signed in, or your session has ended. Please sign in again.',
      cs: 'Nejste přihlášeni nebo vaše relace skončila. Přihlaste se prosím znovu.',
    },
    undefined,
    { 'www-authenticate': 'Bearer' },
  );

/** A preHandler that lets a request through only with a valid token of a live session; sets request.viewer. */
export function authenticate(context: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const claims = token ? context.tokens.read(token) : undefined;
    if (!claims) throw unauthorized();
    const viewer = await context.viewers.load(claims.sid);
    if (!viewer || viewer.id !== claims.sub) throw unauthorized();
    request.viewer = viewer;
    request.sessionId = claims.sid;
  };
}
