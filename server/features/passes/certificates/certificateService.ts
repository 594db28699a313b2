import { createPrivateKey } from 'node:crypto';
import { certificateResource, type Certificate } from '../../../../domain/schemas/certificate';
import { certificateMatchesKey, describeCertificate, readCertificateFile } from './signingCertificate';
import { authorizeUpdate, entityOf, readableRow } from '../../../kernel/engine/crudService';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { badField, notFound, type Localized } from '../../../kernel/http/errors';
import { recordChange } from '../../../kernel/engine/auditTrail';
import { entityRepository } from '../../../kernel/engine/entityRepository';
import { certificateDefinition } from './certificateResource';

/** The certificate request (PEM) to send to Apple, and the name its download takes. */
export async function certificateRequestOf(
  call: CallContext,
  id: string,
): Promise<{ name: string; csr: string }> {
  const row = await readableRow(certificateDefinition, call, id);
  return { name: String(row.name), csr: String(row.csr) };
}

/**
 * Stores the certificate Apple issued for the request. The viewer's right to change the certificate is checked
 * before the file is read (`readFile`), so that nobody else gets to send one.
 */
export async function storeIssuedCertificate(
  call: CallContext,
  id: string,
  readFile: () => Promise<Buffer | undefined>,
): Promise<Certificate> {
  const row = await readableRow(certificateDefinition, call, id);
  await authorizeUpdate(certificateDefinition, call, row, {});
  const file = await readFile();
  const fail = (message: Localized) => badField('/file', message);
  if (!file || file.length === 0) throw fail({ en: 'Please select file', cs: 'Vyberte prosím soubor' });
  const certificate = readCertificateFile(file);
  if (!certificate)
    throw fail({
      en: 'The file is not a certificate: upload the .cer file issued for the request, or its PEM.',
      cs: 'Soubor není certifikát: nahrajte soubor .cer vydaný k této žádosti, nebo jeho PEM.',
    });
  const privateKey = createPrivateKey({
    key: call.app.certificateKeys.open(String(row.privateKey), row.id),
    format: 'der',
    type: 'pkcs8',
  });
  if (!certificateMatchesKey(certificate, privateKey))
    throw fail({
      en: 'The certificate does not match the key of this certificate request.',
      cs: 'Certifikát neodpovídá klíči této žádosti o certifikát.',
    });
  const issued = describeCertificate(certificate);
  return call.app.db.transaction().execute(async (trx) => {
    const updated = await entityRepository.update(trx, 'certificate', row.id, {
      certificate: issued.pem,
      passTypeId: issued.passTypeId,
      teamId: issued.teamId,
      expiration: issued.expiration,
    });
    if (!updated) throw notFound('Certificate');
    const after = entityOf(certificateDefinition, call.app.config, updated) as Certificate;
    await recordChange({ ...call.app, db: trx }, call.viewer, {
      resource: certificateResource.name,
      action: 'update',
      before: entityOf(certificateDefinition, call.app.config, row),
      after,
    });
    return after;
  });
}
