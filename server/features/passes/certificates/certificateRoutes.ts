import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  CertificateRenewalSchema,
  CertificateSchema,
  ExpiringCertificatesSchema,
} from '../../../../domain/schemas/certificate';
import { ErrorSchema } from '../../../../domain/schemas/common';
import type { AppContext } from '../../../kernel/appContext';
import { IdParamsSchema } from '../../../kernel/engine/listSchemas';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { attachment } from '../../../kernel/http/attachment';
import { readUpload } from '../../../kernel/http/multipart';
import { multipartBody } from '../../../kernel/http/multipartBody';
import {
  certificateRequestOf,
  PKCS12_PASSWORD_MAX,
  storeIssuedCertificate,
  type CertificateUpload,
} from './certificateService';
import { renewCertificate } from './certificateRenewal';
import { expiringCertificatesFor } from './certificateExpiry';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 413: ErrorSchema };
const MAX_CERTIFICATE_BYTES = 64 * 1024;

/**
 * The certificate request to send to Apple, the upload of the certificate Apple issued for it, its renewal, and the
 * certificates about to expire (the console's banner).
 */
export function certificateRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(multipart);
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const call = (viewer: CallContext['viewer']): CallContext => ({ app: context, viewer });
    const readCertificate =
      (request: Parameters<typeof readUpload>[0]) => async (): Promise<CertificateUpload> => {
        const { file, fields } = await readUpload(request, {
          maxFileBytes: MAX_CERTIFICATE_BYTES,
          tooLarge: {
            en: `A certificate file is at most ${MAX_CERTIFICATE_BYTES} bytes.`,
            cs: `Soubor certifikátu smí mít nejvýše ${MAX_CERTIFICATE_BYTES} bajtů.`,
          },
        });
        return { file: file?.data, password: fields.password ?? '' };
      };

    routes.get(
      '/v1/certificate/expiring',
      {
        schema: {
          operationId: 'listExpiringCertificates',
          summary: 'List the certificates about to expire',
          tags: ['certificate'],
          description:
            'The certificates of the projects where the viewer manages certificates that expire within 30 days or ' +
            'have expired, soonest first: the console shows them in a banner. Empty for everybody else.',
          response: { 200: ExpiringCertificatesSchema, 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { items: await expiringCertificatesFor(call(request.viewer), new Date()) };
      },
    );

    routes.get(
      '/v1/certificate/:id/csr',
      {
        schema: {
          operationId: 'getCertificateRequest',
          summary: "Download a certificate's signing request",
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
          operationId: 'uploadCertificate',
          summary: 'Upload the certificate Apple issued',
          tags: ['certificate'],
          description:
            'multipart/form-data with the certificate issued for the request in the field "file" (DER .cer or ' +
            'PEM), or a .p12 (PKCS #12) holding a certificate with its own private key, opened with "password": ' +
            "its key replaces the request's key, and the request is made anew for it. Replacing the file of a " +
            'certificate that had one renews it in place: the pass type identifier and team must stay.',
          ...multipartBody({
            file: `The certificate Apple issued (DER .cer or PEM), or a .p12 with its key, at most ${MAX_CERTIFICATE_BYTES} bytes`,
            fields: {
              password: Type.Optional(
                Type.String({
                  maxLength: PKCS12_PASSWORD_MAX,
                  description: 'The password of a .p12 file (none when empty or absent)',
                }),
              ),
            },
          }),
          params: IdParamsSchema,
          response: { 200: CertificateSchema, ...errors },
        },
      },
      (request) => storeIssuedCertificate(call(request.viewer), request.params.id, readCertificate(request)),
    );

    routes.post(
      '/v1/certificate/:id/renew',
      {
        schema: {
          operationId: 'renewCertificate',
          summary: 'Renew a certificate',
          tags: ['certificate'],
          description:
            'multipart/form-data with the renewed certificate Apple issued in the field "file" (DER .cer or PEM), for ' +
            "this certificate's request (its file is replaced) or for the request of another certificate of the " +
            'same project (the file is stored there and every template signing with this certificate moves to it). ' +
            'The pass type identifier and team must stay (400 otherwise). Every registered device of the templates ' +
            'is then pushed so that installed passes update with the new signature.',
          ...multipartBody({
            file: `The renewed certificate Apple issued (DER .cer or PEM), at most ${MAX_CERTIFICATE_BYTES} bytes`,
          }),
          params: IdParamsSchema,
          response: { 200: CertificateRenewalSchema, ...errors },
        },
      },
      async (request) =>
        renewCertificate(
          call(request.viewer),
          request.params.id,
          async () => (await readCertificate(request)()).file,
        ),
    );
  };
}
