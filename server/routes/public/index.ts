import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../../domain/where';
import type { AppContext } from '../../appContext';
import { IdParamsSchema } from '../../engine/listSchemas';
import { notFound } from '../../http/errors';
import { imageRepository } from '../../repositories/imageRepository';

/** An image's file never changes under its id (a new file is a new image), so caches may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Public distribution (/p), without sign-in: images now; passes in their formats later. */
export function publicRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<TypeBoxTypeProvider>()
      .get(
        '/image/:id',
        { schema: { tags: ['public'], description: 'The PNG of an image.', params: IdParamsSchema } },
        async (request, reply) => {
          const { id } = request.params;
          const image = isUuid(id) ? await imageRepository.findLive(context.db, id) : undefined;
          const file = image ? await context.storage.get(image.storageKey) : undefined;
          if (!file) throw notFound('Image');
          return reply
            .header('content-type', 'image/png')
            .header('cache-control', IMMUTABLE)
            .header('x-content-type-options', 'nosniff')
            .send(file);
        },
      );
  };
}
