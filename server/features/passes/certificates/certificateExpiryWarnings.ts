import { EXPIRY_WARNING_DAYS, warningThresholdAt } from '../../../../domain/certificateExpiry';
import { holdsOn } from '../../../../domain/rights';
import { certificateResource } from '../../../../domain/schemas/certificate';
import type { AppContext } from '../../../kernel/appContext';
import type { Db } from '../../../kernel/db/database';
import {
  createMailTransport,
  type MailMessage,
  type MailTransport,
} from '../../../kernel/mail/mailTransport';
import type { MaintenanceTask } from '../../../kernel/maintenance';
import { dayOf } from './certificateExpiry';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DueCertificate {
  id: string;
  name: string;
  projectId: string;
  passTypeId: string | null;
  expiration: Date;
  expiryWarnedDays: number | null;
}

/** Live certificates with a file whose next warning is due at `now` (the threshold not yet sent). */
async function dueCertificates(db: Db, now: Date): Promise<Array<DueCertificate & { threshold: number }>> {
  const rows = await db
    .selectFrom('certificate')
    .select(['id', 'name', 'projectId', 'passTypeId', 'expiration', 'expiryWarnedDays'])
    .where('deletedAt', 'is', null)
    .where('certificate', 'is not', null)
    .where('expiration', '<=', new Date(now.getTime() + EXPIRY_WARNING_DAYS[0] * DAY_MS))
    .where((where) => where.or([where('expiryWarnedDays', 'is', null), where('expiryWarnedDays', '>', 0)]))
    .execute();
  return rows.flatMap((row) => {
    const threshold = warningThresholdAt(row.expiration as Date, now);
    if (threshold === undefined) return [];
    if (row.expiryWarnedDays !== null && row.expiryWarnedDays <= threshold) return [];
    return [{ ...(row as DueCertificate), threshold }];
  });
}

/**
 * Takes the warning of the threshold for this instance: a conditional update that only one of several instances
 * running the task at once wins (and none once the file was replaced, its expiration then being another).
 */
async function claim(db: Db, certificate: DueCertificate, threshold: number): Promise<boolean> {
  const claimed = await db
    .updateTable('certificate')
    .set({ expiryWarnedDays: threshold })
    .where('id', '=', certificate.id)
    .where('expiration', '=', certificate.expiration)
    .where((where) =>
      where.or([where('expiryWarnedDays', 'is', null), where('expiryWarnedDays', '>', threshold)]),
    )
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Gives the threshold back after a failed send, so that the next run tries again. */
async function release(db: Db, certificate: DueCertificate, threshold: number): Promise<void> {
  await db
    .updateTable('certificate')
    .set({ expiryWarnedDays: certificate.expiryWarnedDays })
    .where('id', '=', certificate.id)
    .where('expiryWarnedDays', '=', threshold)
    .execute();
}

/**
 * The e-mail addresses of the certificate's managers: active users holding the certificate resource's update rule
 * on its project (administrators, as certificates are theirs).
 */
async function certificateManagerEmails(db: Db, projectId: string): Promise<string[]> {
  const users = await db
    .selectFrom('user')
    .leftJoin('projectUser', (join) =>
      join.onRef('projectUser.userId', '=', 'user.id').on('projectUser.projectId', '=', projectId),
    )
    .select(['user.email', 'user.isAdmin', 'projectUser.rights'])
    .where('user.deletedAt', 'is', null)
    .where('user.active', '=', true)
    .where((where) =>
      where.or([where('user.isAdmin', '=', true), where('projectUser.rights', 'is not', null)]),
    )
    .orderBy('user.email')
    .execute();
  const rule = certificateResource.access.update;
  return users
    .filter((user) =>
      holdsOn(
        {
          isAdmin: user.isAdmin,
          projects: user.rights === null ? {} : { [projectId]: Number(user.rights) },
        },
        rule,
        projectId,
      ),
    )
    .map((user) => user.email);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The warning e-mail, in English and Czech, linking the certificate's page in the console. */
function expiryWarningMessage(
  certificate: DueCertificate,
  threshold: number,
  to: string[],
  publicUrl: string,
): MailMessage {
  const day = dayOf(certificate.expiration);
  const type = certificate.passTypeId ?? '-';
  const link = `${publicUrl}/passes/certificate/${certificate.id}`;
  const expired = threshold === 0;
  const subject = expired
    ? `Signing certificate "${certificate.name}" (${type}) expired on ${day}`
    : `Signing certificate "${certificate.name}" (${type}) expires on ${day}`;
  const english = expired
    ? `The signing certificate "${certificate.name}" (pass type ${type}) expired on ${day}. Passes of its templates can no longer be created or updated.`
    : `The signing certificate "${certificate.name}" (pass type ${type}) expires on ${day}, in ${threshold === 1 ? '1 day' : `${threshold} days`} or less. After that, passes of its templates can no longer be created or updated.`;
  const czech = expired
    ? `Platnost podpisového certifikátu "${certificate.name}" (typ pasu ${type}) skončila ${day}. Pasy jeho šablon už nelze vytvářet ani měnit.`
    : `Platnost podpisového certifikátu "${certificate.name}" (typ pasu ${type}) končí ${day}, nejpozději za ${threshold} d. Potom už pasy jeho šablon nepůjde vytvářet ani měnit.`;
  const todo =
    'What to do: have Apple issue the renewed Pass Type ID certificate and upload it on the certificate\'s page in Certificates ("Renew"): its templates move to it and installed passes update.';
  const todoCs =
    'Co udělat: nechte si od Applu vydat obnovený certifikát Pass Type ID a nahrajte jej na stránce certifikátu v sekci Certifikáty ("Obnovit"): jeho šablony přejdou na nový a nainstalované pasy se aktualizují.';
  const paragraphs = [english, todo, link, '', czech, todoCs];
  return {
    to: to.join(', '),
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: `<!doctype html><html><body>${paragraphs
      .filter(Boolean)
      .map((line) =>
        line === link
          ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
          : `<p>${escapeHtml(line)}</p>`,
      )
      .join('')}</body></html>`,
  };
}

/**
 * The maintenance task that warns the managers of a certificate by e-mail 30, 7 and 1 days before it expires, and
 * once when it has expired: each threshold once per certificate file, whatever the number of instances running it
 * (see claim). A certificate first seen within 7 days gets the 7-day warning only. The mail goes through the mail
 * transport (SMTP, or .eml files in the data directory), opened only when a warning is due.
 *
 * @example const MAINTENANCE = [certificateExpiryWarnings, ...]
 */
export const certificateExpiryWarnings: MaintenanceTask = {
  name: 'certificateExpiryWarnings',
  async run(context: AppContext, now, log) {
    const due = await dueCertificates(context.db, now);
    let transport: MailTransport | undefined;
    let sent = 0;
    try {
      for (const certificate of due) {
        const to = await certificateManagerEmails(context.db, certificate.projectId);
        if (to.length === 0) continue;
        if (!(await claim(context.db, certificate, certificate.threshold))) continue;
        try {
          transport ??= createMailTransport(context.config);
          await transport.send(
            expiryWarningMessage(certificate, certificate.threshold, to, context.config.publicUrl),
          );
          sent += 1;
        } catch (error) {
          log(error, `the expiry warning of certificate ${certificate.id} was not sent; it is tried again`);
          await release(context.db, certificate, certificate.threshold);
        }
      }
    } finally {
      transport?.close();
    }
    return sent;
  },
};
