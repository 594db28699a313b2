import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { productIcon } from '../distribution';
import { setMissingHeaders, type HeaderSet } from '../../kernel/http/securityHeaders';
import { answerUnknownRoute } from '../../kernel/http/unknownRoute';

/** Paths of the APIs; every other path that asks for HTML is a console route, /api/endpoints among them. */
const API_PATHS = /^\/(api\/(?!endpoints\/?(\?|$))|p(\/|\?|$)|wallet(\/|\?|$))/;

/**
 * Serves the built console; GET / answers index.html to any client (a load balancer's or curl's check included),
 * and a GET for any other path that accepts HTML answers it too (browser routing). Without a build (tests of the
 * API alone) it answers a short note instead. Everything it serves carries the console's security headers (its
 * Content-Security-Policy among them). The product icon is its favicon.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy next to each asset (scripts/compressAssets.mjs): a client
 * that accepts one gets it with its Content-Encoding, any other the file itself, each answer with
 * `Vary: Accept-Encoding`. Assets (their names change with their content) are cached for a year, index.html never.
 */
export async function installConsoleApp(
  app: FastifyInstance,
  consoleDir: string,
  consoleHeaders: HeaderSet,
): Promise<void> {
  const indexFile = path.join(consoleDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        setMissingHeaders(reply, consoleHeaders);
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    setMissingHeaders(reply, consoleHeaders);
    if (!built)
      return reply.type('text/plain').send('The console is not built: run npm start (or npm run build).');
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  const sendIcon = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('image/png').header('cache-control', 'public, max-age=86400').send(productIcon());
  // browsers ask /favicon.ico of pages that name no icon (the API reference); index.html names /favicon.png
  app.get('/favicon.png', { schema: { hide: true } }, sendIcon);
  app.get('/favicon.ico', { schema: { hide: true } }, sendIcon);

  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsHtml && !API_PATHS.test(request.url)) return sendIndex(reply);
    return answerUnknownRoute(request, reply);
  });
}
