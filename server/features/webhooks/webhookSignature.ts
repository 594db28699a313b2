import crypto from 'node:crypto';

/** The header that carries a delivery's signatures (Stripe's scheme). */
export const SIGNATURE_HEADER = 'Passbase-Signature';

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

/**
 * The Passbase-Signature header of a body sent at `timestamp` (unix seconds): `t=<timestamp>` and one
 * `v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>` per secret, the current one first (two during a rolled
 * secret's overlap). A receiver computes the HMAC with its secret and accepts the body when one v1 matches.
 *
 * @example signatureHeader('{"id":"…"}', 1767225600, ['whsec_new', 'whsec_old']) // "t=1767225600,v1=…,v1=…"
 */
export function signatureHeader(body: string, timestamp: number, secrets: readonly string[]): string {
  const signed = `${timestamp}.${body}`;
  const signatures = secrets.map(
    (secret) => `v1=${crypto.createHmac('sha256', secret).update(signed).digest('hex')}`,
  );
  return [`t=${timestamp}`, ...signatures].join(',');
}
