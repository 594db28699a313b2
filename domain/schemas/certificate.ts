import { Type, type Static } from '@sinclair/typebox';
import { ADMINS_ONLY, defineResource } from '../resource';
import { DateTime, EntityFields, Nullable, Uuid } from './common';

/**
 * A signing certificate of Apple-style passes. Created as a key pair and a certificate request (CSR); the
 * certificate Apple issues for the CSR is uploaded later. The private key never leaves the server.
 */
export const CertificateSchema = Type.Object({
  ...EntityFields,
  name: Type.String(),
  projectId: Uuid(),
  /** from the uploaded certificate (subject UID), e.g. pass.com.example.member */
  passTypeId: Nullable(Type.String()),
  /** from the uploaded certificate (subject OU) */
  teamId: Nullable(Type.String()),
  /** end of validity of the uploaded certificate */
  expiration: Nullable(DateTime()),
  /** has the certificate issued for the request been uploaded? */
  hasCertificate: Type.Boolean(),
  /** Apple enabled the pass type for NFC: only then may its passes carry an `nfc` dictionary */
  nfcEnabled: Type.Boolean(),
});
export type Certificate = Static<typeof CertificateSchema>;

export const CertificateWriteSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    projectId: Uuid(),
    nfcEnabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CertificateWrite = Static<typeof CertificateWriteSchema>;

export const certificateResource = defineResource({
  name: 'certificate',
  api: 'core',
  route: 'passes/certificate',
  createSchema: CertificateWriteSchema,
  updateSchema: CertificateWriteSchema,
  project: 'projectId',
  access: ADMINS_ONLY,
  representation: 'name',
  menu: { group: 'passes', icon: 'WorkspacePremium' },
  schema: CertificateSchema,
  filter: ['id', 'name', 'projectId', 'passTypeId', 'expiration', 'createdAt', 'updatedAt'],
  sort: ['id', 'name', 'projectId', 'passTypeId', 'expiration', 'createdAt', 'updatedAt'],
  ui: {
    list: {
      columns: ['projectId', 'name', 'passTypeId', 'expiration'],
      filters: ['projectId', 'name', 'passTypeId'],
    },
    // once the certificate exists only admins may move it to another project
    tabs: [
      {
        key: 'form',
        label: 'app.certificate.tabForm',
        fields: ['name', { field: 'projectId', readOnly: 'unlessAdmin' }, 'nfcEnabled'],
        widget: 'certificateFile',
      },
    ],
    create: ['name', 'projectId', 'nfcEnabled'],
    rowActions: ['rawView'],
    readFailurePage: true,
  },
});
