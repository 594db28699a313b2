import crypto from 'node:crypto';
import { certificateResource } from '../../../../domain/schemas/certificate';
import { createKeyAndRequest } from './signingCertificate';
import { badField } from '../../../kernel/http/errors';
import { projectRepository } from '../../identity';
import { templateRepository } from '../templateRepository';
import type {
  CallContext,
  ResourceDefinition,
  Row,
  WriteData,
} from '../../../kernel/engine/resourceDefinition';

async function checkProject(call: CallContext, projectId: unknown): Promise<void> {
  if (!(await projectRepository.isLive(call.app.db, String(projectId))))
    throw badField('/projectId', { en: 'The project was not found.', cs: 'Projekt nebyl nalezen.' });
}

/**
 * Signing certificates, admin only. Creation makes an RSA-2048 key and its certificate request; the key is sealed
 * at rest (context.certificateKeys) and never answered. See certificateRoutes.ts for the CSR and the upload.
 */
export const certificateDefinition: ResourceDefinition = {
  descriptor: certificateResource,
  async authorizeCreate(call, data) {
    await checkProject(call, data.projectId);
  },
  async authorizeUpdate(call, row, data) {
    if (data.projectId === undefined || data.projectId === row.projectId) return;
    await checkProject(call, data.projectId);
    const users = await templateRepository.countUsingCertificateOutside(
      call.app.db,
      row.id,
      String(data.projectId),
    );
    if (users > 0) {
      throw badField('/projectId', {
        en: `${users} template(s) of the certificate's project sign with it: it cannot move to another project.`,
        cs: `Podepisuje jím tolik šablon projektu certifikátu: ${users}. Nelze jej přesunout do jiného projektu.`,
      });
    }
  },
  async toInsert(call, data: WriteData) {
    const id = crypto.randomUUID();
    const name = String(data.name);
    const { privateKey, csr } = await createKeyAndRequest(name);
    const sealed = call.app.certificateKeys.seal(privateKey, id);
    privateKey.fill(0);
    return {
      id,
      name,
      projectId: data.projectId,
      csr,
      privateKey: sealed,
      nfcEnabled: data.nfcEnabled === true,
    };
  },
  // never its key, request or certificate text: they are not fields of the entity
  computedFields: (_call, row: Row) => ({
    hasCertificate: row.certificate !== null && row.certificate !== undefined,
  }),
};
