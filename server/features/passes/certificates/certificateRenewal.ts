import type { CertificateRenewal } from '../../../../domain/schemas/certificate';
import { templateResource } from '../../../../domain/schemas/template';
import { authorizeUpdate, entityOf, readableRow } from '../../../kernel/engine/crudService';
import type { CallContext, Row } from '../../../kernel/engine/resourceDefinition';
import { recordChanges } from '../../../kernel/engine/auditTrail';
import { templateDefinition } from '../templateResource';
import { certificateDefinition } from './certificateResource';
import {
  checkSamePassType,
  failFile,
  issuedForRow,
  readUploadedCertificate,
  templatesUsing,
  writeCertificateFile,
} from './certificateService';
import { announceTemplatesResigned } from './templatesResigned';
import { isPkcs12 } from './pkcs12File';

/** The live certificates of the project other than the renewed one, the candidates for the renewed file's key. */
function otherCertificatesOf(call: CallContext, projectId: string, except: string): Promise<Row[]> {
  return call.app.db
    .selectFrom('certificate')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', '<>', except)
    .where('deletedAt', 'is', null)
    .execute() as Promise<Row[]>;
}

/**
 * Renews a certificate with the file Apple issued (`readFile`, read after the rights were checked). The file's key
 * says where it goes: the renewed certificate's own request (its file is replaced), or the request of another
 * certificate of the same project (made for the renewal; the file is stored there, and every template signing
 * with the old certificate moves to it, each with its audit entry). The pass type identifier and team must be the
 * old certificate's. Then every registered device of those templates' passes is pushed, so installed passes
 * update with the new signature.
 *
 * @example const { templatesMoved, devicesToPush } = await renewCertificate(call, oldId, () => readFile())
 */
export async function renewCertificate(
  call: CallContext,
  id: string,
  readFile: () => Promise<Buffer | undefined>,
): Promise<CertificateRenewal> {
  const old = await readableRow(certificateDefinition, call, id);
  await authorizeUpdate(certificateDefinition, call, old, {});
  if (!old.certificate)
    throw failFile({
      en: `"${String(old.name)}" has no certificate from Apple yet: upload the .cer issued for its request instead of renewing.`,
      cs: `"${String(old.name)}" zatím nemá certifikát od Applu: místo obnovení nahrajte soubor .cer vydaný k jeho žádosti.`,
    });
  const file = await readFile();
  if (file && isPkcs12(file))
    throw failFile({
      en: "A .p12 file brings its own key: upload it on the certificate's page (Upload certificate), which renews the certificate in place.",
      cs: 'Soubor .p12 nese vlastní klíč: nahrajte jej na stránce certifikátu (Nahrát certifikát), čímž se certifikát obnoví na místě.',
    });
  const certificate = await readUploadedCertificate(call, file);
  checkSamePassType(old, certificate);
  const target = issuedForRow(call, old, certificate)
    ? old
    : (await otherCertificatesOf(call, String(old.projectId), old.id)).find((row) =>
        issuedForRow(call, row, certificate),
      );
  if (!target)
    throw failFile({
      en:
        "The certificate was not issued for a request of this project's certificates: create a certificate, send " +
        'its request (CSR) to Apple, and renew with the .cer Apple issues for it.',
      cs:
        'Certifikát nebyl vydán k žádosti žádného certifikátu tohoto projektu: vytvořte certifikát, pošlete jeho ' +
        'žádost (CSR) Applu a obnovte souborem .cer, který k ní Apple vydá.',
    });
  if (target !== old) await authorizeUpdate(certificateDefinition, call, target, {});
  const { after, templateIds } = await call.app.db.transaction().execute(async (trx) => {
    const written = await writeCertificateFile(call, trx, target, certificate);
    if (target === old) return { after: written, templateIds: await templatesUsing(trx, old.id) };
    const moved = await trx
      .updateTable('template')
      .set({ certificateId: target.id, updatedAt: new Date() })
      .where('certificateId', '=', old.id)
      .where('deletedAt', 'is', null)
      .returningAll()
      .execute();
    await recordChanges(
      { ...call.app, db: trx },
      call.viewer,
      moved.map((template) => ({
        resource: templateResource.name,
        action: 'update' as const,
        before: entityOf(templateDefinition, call.app.config, { ...template, certificateId: old.id }),
        after: entityOf(templateDefinition, call.app.config, template),
      })),
    );
    return { after: written, templateIds: moved.map((template) => template.id) };
  });
  const devicesToPush = await announceTemplatesResigned(call.app, templateIds);
  return {
    certificate: after,
    previousCertificateId: old.id,
    templatesMoved: target === old ? 0 : templateIds.length,
    devicesToPush,
  };
}
