import crypto from 'node:crypto';

/** How far the signature's time may be from ours, as Stripe's own libraries allow: older is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A v1 signature: the hex of an HMAC-SHA256. */
const V1 = /^[0-9a-f]{64}$/;

/**
 * Checks a webhook's `Stripe-Signature: t=…,v1=…[,v1=…]`: one v1 must be the hex HMAC-SHA256 of `{t}.{raw body}`
 * with the endpoint's signing secret (several are sent while the secret is being rolled), compared in constant
 * time, and t within 300 s of `now`. Answers why the webhook is refused, in words for whoever set up the endpoint,
 * or undefined when it is Stripe's.
 *
 * @example refusalOfSignature(rawBody, request.headers['stripe-signature'], webhookSecret, new Date()) // undefined
 */
export function refusalOfSignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  secret: string,
  now: Date,
): string | undefined {
  if (typeof header !== 'string' || header.trim() === '')
    return 'The request has no Stripe-Signature header: only Stripe sends events to this address.';
  const parts = header.split(',').map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? ['', ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  const timestamp = parts.find(([key]) => key === 't')?.[1] ?? '';
  const signatures = parts.filter(([key, value]) => key === 'v1' && V1.test(value)).map(([, value]) => value);
  if (!/^\d{1,12}$/.test(timestamp) || signatures.length === 0)
    return 'The Stripe-Signature header is not Stripe\'s "t=…,v1=…".';
  const age = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (age > SIGNATURE_TOLERANCE_SECONDS)
    return `The Stripe signature was made ${Math.floor(age)} s away from this server's clock (at most ${SIGNATURE_TOLERANCE_SECONDS} s): a replayed event, or a clock to set right.`;
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  const matches = signatures.some((signature) =>
    crypto.timingSafeEqual(Buffer.from(signature, 'hex'), expected),
  );
  return matches
    ? undefined
    : "The Stripe signature does not match the e-shop's webhook signing secret: copy the endpoint's signing secret (whsec_…) from the Stripe dashboard into the e-shop.";
}
