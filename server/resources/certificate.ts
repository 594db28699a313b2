import crypto from 'node:crypto';
import {
  CertificateWriteSchema,
  certificateResource,
  type Certificate,
} from '../../domain/schemas/certificate';
import { createKeyAndRequest } from '../certificates/signingCertificate';
import { badRequest, forbidden } from '../http/errors';
import { projectRepository } from '../repositories/projectRepository';
import { templateRepository } from '../repositories/templateRepository';
import type { CallContext, ResourceDefinition, Row, WriteData } from '../engine/resourceDefinition';
import { entityBase, iso, pick } from '../engine/rowValues';

const adminOnly = (call: CallContext) => {
  if (!call.viewer.isAdmin) throw forbidden('Only an administrator can manage certificates.');
};

async function checkProject(call: CallContext, projectId: unknown): Promise<void> {
  if (!(await projectRepository.isLive(call.app.db, String(projectId))))
    throw badRequest('The project was not found.', [
      { path: '/projectId', message: 'The project was not found.' },
    ]);
}

/**
 * Signing certificates, admin only. Creation makes an RSA-2048 key and its certificate request; the key is sealed
 * at rest (context.certificateKeys) and never answered. See routes/core/certificates.ts for the CSR and the upload.
 */
export const certificateDefinition: ResourceDefinition = {
  descriptor: certificateResource,
  table: 'certificate',
  createSchema: CertificateWriteSchema,
  replaceSchema: CertificateWriteSchema,
  canList: (viewer) => viewer.isAdmin,
  readScope: (viewer) => (viewer.isAdmin ? 'all' : 'none'),
  async authorizeCreate(call, data) {
    adminOnly(call);
    await checkProject(call, data.projectId);
  },
  async authorizeUpdate(call, row, data) {
    adminOnly(call);
    if (data.projectId === undefined || data.projectId === row.projectId) return;
    await checkProject(call, data.projectId);
    const users = await templateRepository.countUsingCertificateOutside(
      call.app.db,
      row.id,
      String(data.projectId),
    );
    if (users > 0) {
      const message = `${users} template(s) of the certificate's project sign with it: it cannot move to another project.`;
      throw badRequest(message, [{ path: '/projectId', message }]);
    }
  },
  authorizeDelete: (call) => adminOnly(call),
  async toInsert(call, data: WriteData) {
    const id = crypto.randomUUID();
    const name = String(data.name);
    const { privateKey, csr } = await createKeyAndRequest(name);
    const sealed = call.app.certificateKeys.seal(privateKey, id);
    privateKey.fill(0);
    return { id, name, projectId: data.projectId, csr, privateKey: sealed };
  },
  toUpdate: (_call, _row, data: WriteData) => pick(data, Object.keys(CertificateWriteSchema.properties)),
  toEntities: (_call, rows: Row[]) => rows.map(certificateEntity),
};

/** A certificate as the API answers it: never its key, request or certificate text. */
export function certificateEntity(row: Row): Certificate {
  return {
    ...entityBase(row),
    name: String(row.name),
    projectId: String(row.projectId),
    passTypeId: (row.passTypeId as string | null) ?? null,
    teamId: (row.teamId as string | null) ?? null,
    expiration: iso(row.expiration),
    hasCertificate: row.certificate !== null && row.certificate !== undefined,
  };
}
