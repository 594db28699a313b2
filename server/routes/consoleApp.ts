import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { setMissingHeaders, type HeaderSet } from '../http/securityHeaders';

/** Paths of the APIs; every other path that asks for HTML is a console route, /api/endpoints among them. */
const API_PATHS = /^\/(api\/(?!endpoints\/?(\?|$))|p(\/|\?|$)|wallet(\/|\?|$))/;

/**
 * Serves the built console; a GET for any other path that accepts HTML answers index.html (browser routing).
 * Without a build (tests of the API alone) it answers a short note instead. Everything it serves carries the
 * console's security headers (its Content-Security-Policy among them).
 */
export async function installConsoleApp(
  app: FastifyInstance,
  consoleDir: string,
  consoleHeaders: HeaderSet,
): Promise<void> {
  {
    const indexFile = path.join(consoleDir, 'index.html');
    const built = fs.existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root: consoleDir,
        wildcard: false,
        index: false,
        maxAge: '1h',
        setHeaders: (reply, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`))
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          setMissingHeaders(reply, consoleHeaders);
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
      const isApi = API_PATHS.test(request.url);
      if (wantsHtml && !isApi) {
        setMissingHeaders(reply, consoleHeaders);
        if (!built)
          return reply.type('text/plain').send('The console is not built: run npm start (or npm run build).');
        return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
      }
      return reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: `No route ${request.method} ${request.url.split('?')[0]}.`,
      });
    });
  }
}
