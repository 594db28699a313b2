import type { KeyVault } from '../../kernel/auth/keyVault';
import type { WebhookRow } from '../../kernel/db/tables';

/** A webhook's secrets are sealed for its own row: a sealed value copied to another webhook does not open. */
export const sealSecret = (vault: KeyVault, webhookId: string, secret: string) =>
  vault.seal(Buffer.from(secret), `webhook:${webhookId}`);

/**
 * The secrets a delivery is signed with at `now`: the current one, and the previous one while its overlap lasts.
 *
 * @example signingSecrets(context.certificateKeys, webhook, new Date()) // ['whsec_…'] or ['whsec_new', 'whsec_old']
 */
export function signingSecrets(
  vault: KeyVault,
  webhook: Pick<WebhookRow, 'id' | 'secretSealed' | 'previousSecretSealed' | 'previousSecretExpiresAt'>,
  now: Date,
): string[] {
  const open = (sealed: string) => vault.open(sealed, `webhook:${webhook.id}`).toString();
  const secrets = [open(webhook.secretSealed)];
  const overlapEnds = webhook.previousSecretExpiresAt ? new Date(webhook.previousSecretExpiresAt) : undefined;
  if (webhook.previousSecretSealed && overlapEnds && overlapEnds > now)
    secrets.push(open(webhook.previousSecretSealed));
  return secrets;
}
