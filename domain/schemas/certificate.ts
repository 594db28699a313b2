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

/** A certificate that expires within 30 days or has expired: what the console's banner names. */
export const ExpiringCertificateSchema = Type.Object({
  id: Uuid(),
  name: Type.String(),
  projectId: Uuid(),
  passTypeId: Nullable(Type.String()),
  expiration: DateTime(),
  state: Type.Union([Type.Literal('expiring'), Type.Literal('expired')]),
  /** whole days left, rounded up (0 once expired) */
  days: Type.Integer({ minimum: 0 }),
});
export type ExpiringCertificate = Static<typeof ExpiringCertificateSchema>;

export const ExpiringCertificatesSchema = Type.Object({ items: Type.Array(ExpiringCertificateSchema) });

/** What a renewal did: the templates moved to the renewed certificate, and the devices to be pushed. */
export const CertificateRenewalSchema = Type.Object({
  certificate: CertificateSchema,
  /** the certificate the templates signed with before (the same one when its file was replaced) */
  previousCertificateId: Uuid(),
  templatesMoved: Type.Integer({ minimum: 0 }),
  /** registered Apple Wallet devices of those templates' passes, each pushed to fetch the newly signed pass */
  devicesToPush: Type.Integer({ minimum: 0 }),
});
export type CertificateRenewal = Static<typeof CertificateRenewalSchema>;

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
      // the expiry with its state: valid, expires in N days (30 or fewer), expired
      columns: ['projectId', 'name', 'passTypeId', { field: 'expiration', widget: 'certificateExpiry' }],
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
