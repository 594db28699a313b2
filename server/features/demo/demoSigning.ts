import crypto from 'node:crypto';
import type { AppContext } from '../../kernel/appContext';
import { selfSignedCertificate, createKeyAndRequest, describeCertificate } from '../passes';
import { entityRepository } from '../../kernel/engine/entityRepository';

export const DEMO_CERTIFICATE = {
  name: 'Demo development certificate',
  passTypeId: 'pass.dev.passbase.demo',
  teamId: 'DEVTEAM000',
};

/**
 * A signing certificate of the project as an administrator would make one (a key and its request, the key sealed
 * by the key vault for this row), with a self-signed certificate in place of the one Apple would issue: passes
 * download as .pkpass to be inspected; the pre-flight warns that iPhones refuse them.
 *
 * @example const certificateId = await createDevelopmentSigning(context, projectId)
 */
export async function createDevelopmentSigning(
  app: Pick<AppContext, 'db' | 'certificateKeys'>,
  projectId: string,
): Promise<string> {
  const id = crypto.randomUUID();
  const { privateKey, csr } = await createKeyAndRequest(DEMO_CERTIFICATE.name);
  try {
    const issued = describeCertificate(await selfSignedCertificate(privateKey, DEMO_CERTIFICATE));
    await entityRepository.insert(app.db, 'certificate', {
      id,
      name: DEMO_CERTIFICATE.name,
      projectId,
      csr,
      privateKey: app.certificateKeys.seal(privateKey, id),
      certificate: issued.pem,
      passTypeId: issued.passTypeId,
      teamId: issued.teamId,
      expiration: issued.expiration,
    });
  } finally {
    privateKey.fill(0);
  }
  return id;
}
