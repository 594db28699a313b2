import { createPrivateKey, type X509Certificate } from 'node:crypto';
import { certificateResource, type Certificate } from '../../../../domain/schemas/certificate';
import {
  certificateMatchesKey,
  describeCertificate,
  readCertificateFile,
  requestForKey,
} from './signingCertificate';
import { authorizeUpdate, entityOf, readableRow } from '../../../kernel/engine/crudService';
import type { CallContext, Row } from '../../../kernel/engine/resourceDefinition';
import type { Db } from '../../../kernel/db/database';
import { badField, notFound, type Localized } from '../../../kernel/http/errors';
import { recordChange } from '../../../kernel/engine/auditTrail';
import { entityRepository } from '../../../kernel/engine/entityRepository';
import { certificateDefinition } from './certificateResource';
import { readWwdr, wwdrMismatch } from './wwdrCertificate';
import { announceTemplatesResigned } from './templatesResigned';
import { isPkcs12, Pkcs12Refusal, readPkcs12 } from './pkcs12File';

/** What a certificate upload sends: the file, and the password of a .p12 (empty when it has none). */
export interface CertificateUpload {
  file: Buffer | undefined;
  password: string;
}

/** A .p12 password longer than this is refused before anything is derived from it. */
export const PKCS12_PASSWORD_MAX = 1024;

/** The certificate request (PEM) to send to Apple, and the name its download takes. */
export async function certificateRequestOf(
  call: CallContext,
  id: string,
): Promise<{ name: string; csr: string }> {
  const row = await readableRow(certificateDefinition, call, id);
  return { name: String(row.name), csr: String(row.csr) };
}

/** A 400 about the uploaded file. @example throw failFile({ en: '…', cs: '…' }) */
export const failFile = (message: Localized) => badField('/file', message);

/**
 * The certificate of an uploaded file, checked against the WWDR intermediate in use (WWDR_CERT, else Apple's G4):
 * an Apple certificate of another WWDR generation, or one whose signature the WWDR did not make, is refused.
 *
 * @example const certificate = await readUploadedCertificate(call, file)
 */
export async function readUploadedCertificate(
  call: CallContext,
  file: Buffer | undefined,
): Promise<X509Certificate> {
  if (!file || file.length === 0) throw failFile({ en: 'Please select file', cs: 'Vyberte prosím soubor' });
  return checkedIssuer(call, readCertificateFile(file));
}

/** The certificate read from a file, checked against the WWDR intermediate in use. */
async function checkedIssuer(
  call: CallContext,
  certificate: X509Certificate | undefined,
): Promise<X509Certificate> {
  if (!certificate)
    throw failFile({
      en: 'The file is not a certificate: upload the .cer file issued for the request, or its PEM.',
      cs: 'Soubor není certifikát: nahrajte soubor .cer vydaný k této žádosti, nebo jeho PEM.',
    });
  const mismatch = wwdrMismatch(certificate, await readWwdr(call.app.config.wwdrCertFile));
  if (mismatch) throw failFile(mismatch);
  return certificate;
}

/**
 * Is the certificate the one issued for the request (the key) of the row? A key that cannot be opened is not.
 *
 * @example if (!issuedForRow(call, row, certificate)) throw failFile(…)
 */
export function issuedForRow(call: CallContext, row: Row, certificate: X509Certificate): boolean {
  try {
    const privateKey = createPrivateKey({
      key: call.app.certificateKeys.open(String(row.privateKey), String(row.id)),
      format: 'der',
      type: 'pkcs8',
    });
    return certificateMatchesKey(certificate, privateKey);
  } catch {
    return false;
  }
}

/**
 * A renewal keeps the pass type identifier and the team of the certificate it renews: a certificate of another
 * pass type is a new certificate (uploaded to its own request), not a renewal.
 *
 * @example checkSamePassType(oldRow, renewed)
 */
export function checkSamePassType(row: Row, certificate: X509Certificate): void {
  if (!row.passTypeId) return;
  const issued = describeCertificate(certificate);
  if (issued.passTypeId === row.passTypeId && issued.teamId === row.teamId) return;
  const theirs = `${issued.passTypeId ?? '-'} (team ${issued.teamId ?? '-'})`;
  const ours = `${String(row.passTypeId)} (team ${String(row.teamId ?? '-')})`;
  throw failFile({
    en:
      `The certificate is for ${theirs}, while "${String(row.name)}" signs ${ours}: a renewal keeps the pass type ` +
      'identifier and team. Upload it to a new certificate of its own instead.',
    cs:
      `Certifikát je pro ${theirs}, kdežto "${String(row.name)}" podepisuje ${ours}: obnovení zachovává ` +
      'identifikátor typu pasu i tým. Nahrajte jej raději k novému vlastnímu certifikátu.',
  });
}

/**
 * Writes the certificate file to the row (its expiry warnings start again), with its audit entry.
 *
 * @example const after = await writeCertificateFile(call, trx, row, certificate)
 */
export async function writeCertificateFile(
  call: CallContext,
  trx: Db,
  row: Row,
  certificate: X509Certificate,
  key?: { privateKey: string; csr: string },
): Promise<Certificate> {
  const issued = describeCertificate(certificate);
  const updated = await entityRepository.update(trx, 'certificate', String(row.id), {
    ...key,
    certificate: issued.pem,
    passTypeId: issued.passTypeId,
    teamId: issued.teamId,
    expiration: issued.expiration,
    expiryWarnedDays: null,
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
}

/** The live templates signing with the certificate. @example await templatesUsing(db, certificateId) */
export async function templatesUsing(db: Db, certificateId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('template')
    .select('id')
    .where('certificateId', '=', certificateId)
    .where('deletedAt', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Stores the certificate Apple issued for the request. The viewer's right to change the certificate is checked
 * before the file is read (`readFile`), so that nobody else gets to send one. Replacing the file of a certificate
 * that had one is a renewal in place: the pass type must stay, and the devices of its templates' passes are pushed.
 * A .p12 file (PKCS #12, opened with the upload's password) brings its own key: it replaces the request's key.
 */
export async function storeIssuedCertificate(
  call: CallContext,
  id: string,
  readUpload: () => Promise<CertificateUpload>,
): Promise<Certificate> {
  const row = await readableRow(certificateDefinition, call, id);
  await authorizeUpdate(certificateDefinition, call, row, {});
  const { file, password } = await readUpload();
  const keyed = file && isPkcs12(file) ? await openPkcs12(call, row, file, password) : undefined;
  try {
    const certificate = keyed?.certificate ?? (await readUploadedCertificate(call, file));
    if (!keyed && !issuedForRow(call, row, certificate))
      throw failFile({
        en: 'The certificate does not match the key of this certificate request.',
        cs: 'Certifikát neodpovídá klíči této žádosti o certifikát.',
      });
    const replaced = row.certificate !== null && row.certificate !== undefined;
    if (replaced) checkSamePassType(row, certificate);
    const key = keyed && {
      privateKey: call.app.certificateKeys.seal(keyed.privateKey, String(row.id)),
      csr: keyed.csr,
    };
    const after = await call.app.db
      .transaction()
      .execute((trx) => writeCertificateFile(call, trx, row, certificate, key));
    if (replaced) await announceTemplatesResigned(call.app, await templatesUsing(call.app.db, row.id));
    return after;
  } finally {
    keyed?.privateKey.fill(0);
  }
}

/** The certificate and key of a .p12 upload, its issuer checked, with a request for the key (future renewals). */
async function openPkcs12(call: CallContext, row: Row, file: Buffer, password: string) {
  if (password.length > PKCS12_PASSWORD_MAX)
    throw badField('/password', {
      en: `The password is at most ${PKCS12_PASSWORD_MAX} characters.`,
      cs: `Heslo má nejvýše ${PKCS12_PASSWORD_MAX} znaků.`,
    });
  let keyed;
  try {
    keyed = await readPkcs12(file, password);
  } catch (error) {
    if (error instanceof Pkcs12Refusal) throw badField(error.field, error.reason);
    throw error;
  }
  try {
    const certificate = await checkedIssuer(call, keyed.certificate);
    return { ...keyed, certificate, csr: await requestForKey(String(row.name), keyed.privateKey) };
  } catch (error) {
    keyed.privateKey.fill(0);
    throw error;
  }
}
