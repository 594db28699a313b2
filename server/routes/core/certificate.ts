import { createPrivateKey } from 'node:crypto';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CertificateSchema } from '../../../domain/schemas/certificate';
import { ErrorSchema } from '../../../domain/schemas/common';
import type { AppContext } from '../../appContext';
import {
  certificateMatchesKey,
  describeCertificate,
  readCertificateFile,
} from '../../certificates/signingCertificate';
import { readableRow } from '../../engine/crudService';
import { IdParamsSchema } from '../../engine/listSchemas';
import type { CallContext } from '../../engine/resourceDefinition';
import { attachment } from '../../http/attachment';
import { badRequest } from '../../http/errors';
import { readUpload } from '../../http/multipart';
import { entityRepository } from '../../repositories/entityRepository';
import { certificateDefinition, certificateEntity } from '../../resources/certificate';

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
        const row = await readableRow(certificateDefinition, call(request.viewer), request.params.id);
        return reply
          .header('content-type', 'application/x-pem-file')
          .header('content-disposition', attachment(`${String(row.name)}.pem`))
          .header('cache-control', 'no-store')
          .send(String(row.csr));
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
      async (request) => {
        const viewerCall = call(request.viewer);
        const row = await readableRow(certificateDefinition, viewerCall, request.params.id);
        await certificateDefinition.authorizeUpdate(viewerCall, row, {});
        const { file } = await readUpload(request, {
          maxFileBytes: MAX_CERTIFICATE_BYTES,
          tooLarge: `A certificate file is at most ${MAX_CERTIFICATE_BYTES} bytes.`,
        });
        const fail = (message: string) => badRequest(message, [{ path: '/file', message }]);
        if (!file || file.data.length === 0) throw fail('Please select file');
        const certificate = readCertificateFile(file.data);
        if (!certificate)
          throw fail(
            'The file is not a certificate: upload the .cer file issued for the request, or its PEM.',
          );
        const privateKey = createPrivateKey({
          key: context.certificateKeys.open(String(row.privateKey), row.id),
          format: 'der',
          type: 'pkcs8',
        });
        if (!certificateMatchesKey(certificate, privateKey))
          throw fail('The certificate does not match the key of this certificate request.');
        const issued = describeCertificate(certificate);
        const updated = await entityRepository.update(context.db, 'certificate', row.id, {
          certificate: issued.pem,
          passTypeId: issued.passTypeId,
          teamId: issued.teamId,
          expiration: issued.expiration,
        });
        return certificateEntity(updated);
      },
    );
  };
}
