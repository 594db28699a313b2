import { certificateExpiryState, EXPIRY_WARNING_DAYS } from '../../../../domain/certificateExpiry';
import { holdsOn, holdsSomewhere } from '../../../../domain/rights';
import { certificateResource, type ExpiringCertificate } from '../../../../domain/schemas/certificate';
import type { Viewer } from '../../../../domain/schemas/user';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { conflict, type Localized } from '../../../kernel/http/errors';
import { entityOf } from '../../../kernel/engine/crudService';
import { entityRepository } from '../../../kernel/engine/entityRepository';
import { certificateDefinition } from './certificateResource';
import { sharedRead } from '../../../kernel/engine/oncePerBody';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day of a date as people read it in any language. @example dayOf(certificate.expiration) // '2026-12-01' */
export const dayOf = (date: Date | string): string => new Date(date).toISOString().slice(0, 10);

interface NamedCertificate {
  name: string;
  passTypeId: string | null;
  expiration: Date | string | null;
}

/**
 * Why a pass of an expired certificate is not written, and what to do.
 *
 * @example throw conflict(expiredCertificateMessage(certificate))
 */
export function expiredCertificateMessage(certificate: NamedCertificate): Localized {
  const day = dayOf(certificate.expiration as Date);
  const type = certificate.passTypeId ?? '-';
  return {
    en:
      `The signing certificate "${certificate.name}" (${type}) expired on ${day}: passes of its templates cannot be ` +
      'created or updated. Upload its renewed certificate in Certificates ("Renew").',
    cs:
      `Platnost podpisového certifikátu "${certificate.name}" (${type}) skončila ${day}: pasy jeho šablon nelze ` +
      'vytvářet ani měnit. Nahrajte jeho obnovený certifikát v sekci Certifikáty ("Obnovit").',
  };
}

/**
 * The certificate as its entity, from the row cache while no write moved the certificates (the engine keeps the
 * same entry for a GET by id): a batch or an import of many passes of one template reads it once.
 */
async function certificateOf(
  call: CallContext,
  certificateId: string,
): Promise<NamedCertificate | undefined> {
  const { db, config } = call.app;
  const found = await call.app.rows.read('certificate', undefined, certificateId, async () => {
    const row = await entityRepository.find(db, 'certificate', certificateId, [], { includeDeleted: true });
    if (!row) return undefined;
    const checked = { id: row.id, projectId: row.projectId, deletedAt: row.deletedAt };
    return { row: checked, entity: entityOf(certificateDefinition, config, row) };
  });
  if (!found || found.row.deletedAt) return undefined;
  return found.entity as unknown as NamedCertificate;
}

/**
 * Refuses (409) writing a pass of a template whose signing certificate has expired: its passes could not be signed
 * for the wallets, and the message says to upload the renewed certificate.
 *
 * @example await refuseExpiredCertificate(call, template.certificateId)
 */
export async function refuseExpiredCertificate(
  call: CallContext,
  certificateId: string | null,
  now: Date = new Date(),
): Promise<void> {
  if (!certificateId) return;
  const certificate = await sharedRead(call, `certificate:${certificateId}`, () =>
    certificateOf(call, certificateId),
  );
  if (certificate && certificateExpiryState(certificate.expiration, now).state === 'expired')
    throw conflict(expiredCertificateMessage(certificate));
}

/** May the viewer manage the certificates of the project (the certificate resource's update rule)? */
const managesCertificatesOf = (viewer: Viewer, projectId: string): boolean =>
  holdsOn(viewer, certificateResource.access.update, projectId);

/**
 * The live certificates that expire within 30 days or have expired, of the projects where the viewer manages
 * certificates (none for others): what the console's banner shows. One indexed read of few rows.
 *
 * @example const expiring = await expiringCertificatesFor(call, new Date())
 */
export async function expiringCertificatesFor(call: CallContext, now: Date): Promise<ExpiringCertificate[]> {
  if (!holdsSomewhere(call.viewer, certificateResource.access.update)) return [];
  const rows = await call.app.db
    .selectFrom('certificate')
    .select(['id', 'name', 'projectId', 'passTypeId', 'expiration'])
    .where('deletedAt', 'is', null)
    .where('certificate', 'is not', null)
    .where('expiration', '<=', new Date(now.getTime() + EXPIRY_WARNING_DAYS[0] * DAY_MS))
    .orderBy('expiration')
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => {
    const expiry = certificateExpiryState(row.expiration, now);
    if (expiry.state !== 'expired' && expiry.state !== 'expiring') return [];
    if (!managesCertificatesOf(call.viewer, row.projectId)) return [];
    return [
      {
        id: row.id,
        name: row.name,
        projectId: row.projectId,
        passTypeId: row.passTypeId,
        expiration: new Date(row.expiration as Date).toISOString(),
        state: expiry.state,
        days: expiry.days,
      },
    ];
  });
}
