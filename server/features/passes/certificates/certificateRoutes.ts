import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CertificateSchema } from '../../../../domain/schemas/certificate';
import { ErrorSchema } from '../../../../domain/schemas/common';
import type { AppContext } from '../../../kernel/appContext';
import { IdParamsSchema } from '../../../kernel/engine/listSchemas';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { attachment } from '../../../kernel/http/attachment';
import { readUpload } from '../../../kernel/http/multipart';
import { certificateRequestOf, storeIssuedCertificate } from './certificateService';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 413: ErrorSchema };
const MAX_CERTIFICATE_BYTES = 64 * 1024;

/** The certificate request to send to Apple, and the upload of the certificate Apple issued for it. */
export function certificateRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(multipart);
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const call = (viewer: CallContext['viewer']): CallContext => ({ app: context, viewer });

    routes.get(
      '/v1/certificate/:id/csr',
      {
        schema: {
          tags: ['certificate'],
          description: 'The certificate request (PKCS #10, PEM) as a download named {name}.pem.',
          params: IdParamsSchema,
          response: { 200: Type.String(), ...errors },
        },
      },
      async (request, reply) => {
        const { name, csr } = await certificateRequestOf(call(request.viewer), request.params.id);
        return reply
          .header('content-type', 'application/x-pem-file')
          .header('content-disposition', attachment(`${name}.pem`))
          .header('cache-control', 'no-store')
          .send(csr);
      },
    );

    routes.post(
      '/v1/certificate/:id/upload',
      {
        schema: {
          tags: ['certificate'],
          description:
            'multipart/form-data with the certificate issued for the request in the field "file" (DER .cer or PEM).',
          consumes: ['multipart/form-data'],
          params: IdParamsSchema,
          response: { 200: CertificateSchema, ...errors },
        },
      },
      (request) =>
        storeIssuedCertificate(call(request.viewer), request.params.id, async () => {
          const { file } = await readUpload(request, {
            maxFileBytes: MAX_CERTIFICATE_BYTES,
            tooLarge: {
              en: `A certificate file is at most ${MAX_CERTIFICATE_BYTES} bytes.`,
              cs: `Soubor certifikátu smí mít nejvýše ${MAX_CERTIFICATE_BYTES} bajtů.`,
            },
          });
          return file?.data;
        }),
    );
  };
}
