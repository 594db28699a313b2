import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../../domain/where';
import type { AppContext } from '../../kernel/appContext';
import { imageFile } from './imageFiles';
import { productIcon } from './productIcon';
import { IdParamsSchema } from '../../kernel/engine/listSchemas';
import { notFound } from '../../kernel/http/errors';
import { linkRedirectRoutes } from './routes/linkRedirect';
import { passRoutes } from './routes/passRoutes';
import { installPublicErrorPages } from './routes/publicErrorPages';
import { templateRoutes } from './routes/templateRoutes';

/** An image's file never changes under its id (a new file is a new image), so caches may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Public distribution (/p), without sign-in and rate-limited per address: images, the product icon, passes in
 * their formats and distributable templates. Failures are pages for browsers and JSON for programs.
 *
 * @example await app.register(publicRoutes(context), { prefix: '/p' })
 */
export function publicRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    installPublicErrorPages(app);
    if (context.config.publicRateLimit > 0)
      await app.register(rateLimit, { max: context.config.publicRateLimit, timeWindow: '1 minute' });
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    routes.get(
      '/image/:id',
      {
        schema: {
          operationId: 'getPublicImage',
          summary: 'Get an image file',
          tags: ['public'],
          description: 'The PNG of an image; 409 when its stored file is damaged.',
          params: IdParamsSchema,
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const file = isUuid(id) ? await imageFile(context, id) : undefined;
        if (!file) throw notFound('Image');
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', IMMUTABLE)
          .header('x-content-type-options', 'nosniff')
          .send(file);
      },
    );
    routes.get(
      '/icon.png',
      {
        schema: {
          operationId: 'getProductIcon',
          summary: "Get the product's icon",
          tags: ['public'],
          description: "The product's icon (PNG).",
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'image/png')
          .header('cache-control', 'public, max-age=86400')
          .send(productIcon()),
    );
    await app.register(templateRoutes(context));
    await app.register(passRoutes(context));
    await app.register(linkRedirectRoutes(context));
  };
}
