import crypto from 'node:crypto';
import { sameSecret } from '../../../kernel/auth/secrets';

/**
 * The secret of an order's status page: an HMAC of the order id under a server secret, so it is never stored, is
 * the same on every instance sharing the secret, and cannot be guessed from the id.
 *
 * @example const tokens = orderStatusTokens(secret); tokens.check(orderId, tokens.of(orderId)) === true
 */
export function orderStatusTokens(secret: string) {
  const of = (orderId: string) =>
    crypto.createHmac('sha256', secret).update(`order-status:${orderId}`).digest('base64url');
  return {
    of,
    check: (orderId: string, token: string | undefined) =>
      token !== undefined && sameSecret(of(orderId), token),
  };
}
export type OrderStatusTokens = ReturnType<typeof orderStatusTokens>;
