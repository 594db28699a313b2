import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../../domain/schemas/common';
import { ImageSchema, ImageUploadFieldsSchema } from '../../../../domain/schemas/image';
import { IMAGE_MAX_BYTES } from '../../../../domain/template/limits';
import type { AppContext } from '../../../kernel/appContext';
import { readUpload } from '../../../kernel/http/multipart';
import { multipartBody } from '../../../kernel/http/multipartBody';
import { uploadImage } from './imageUpload';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 413: ErrorSchema };

/** POST /v1/image: the upload of a PNG as multipart/form-data (fields projectId, type, name?, and one file). */
export function imageUploadRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(multipart);
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/image',
      {
        schema: {
          tags: ['image'],
          operationId: 'uploadImage',
          summary: 'Upload an image',
          description:
            'multipart/form-data with the fields projectId, type (logo, icon, footer, strip, thumbnail, background), ' +
            `an optional name, and one PNG in the field "file" (at most ${IMAGE_MAX_BYTES} bytes).`,
          ...multipartBody({
            file: `One PNG image, at most ${IMAGE_MAX_BYTES} bytes`,
            fields: ImageUploadFieldsSchema.properties,
          }),
          response: { 201: ImageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request, {
          maxFileBytes: IMAGE_MAX_BYTES,
          tooLarge: {
            en: `The file is larger than 2 MB (${IMAGE_MAX_BYTES} bytes); images may be at most that.`,
            cs: `Soubor je větší než 2 MB (${IMAGE_MAX_BYTES} bajtů); obrázky smí mít nejvýše tolik.`,
          },
        });
        const image = await uploadImage({ app: context, viewer: request.viewer }, upload);
        return reply.status(201).send(image);
      },
    );
  };
}
