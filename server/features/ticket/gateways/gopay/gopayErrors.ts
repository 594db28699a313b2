import { GatewayError } from '../checkoutGateway';

/** One of GoPay's reasons, as its answers list them: `{errors: [{error_code, error_name, message, field}]}`. */
interface GopayErrorItem {
  error_code?: unknown;
  error_name?: unknown;
  message?: unknown;
  description?: unknown;
  field?: unknown;
}

/**
 * GoPay's reasons in one line ("Wrong value (field amount, code 111)"), or undefined when the answer holds none.
 *
 * @example gopayReasons({ errors: [{ error_code: 110, message: 'Required', field: 'amount' }] }) === 'Required (field amount, code 110)'
 */
export function gopayReasons(body: unknown): string | undefined {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  return (errors as GopayErrorItem[])
    .map((error) => {
      const words = [error.message, error.description, error.error_name].find(
        (value) => typeof value === 'string' && value.trim() !== '',
      ) as string | undefined;
      const details = [
        typeof error.field === 'string' && error.field ? `field ${error.field}` : undefined,
        error.error_code !== undefined ? `code ${String(error.error_code)}` : undefined,
      ].filter(Boolean);
      return `${words ?? 'no reason given'}${details.length ? ` (${details.join(', ')})` : ''}`;
    })
    .join('; ');
}

/**
 * What GoPay's refusal or failure means for a person, as a GatewayError: its reasons and HTTP status; asked again
 * only when GoPay failed on its side (5xx) or asked us to slow down (429).
 *
 * @example throw gopayFailure('GoPay refused the payment', 400, body)
 */
export function gopayFailure(what: string, status: number, body: unknown): GatewayError {
  const reasons = gopayReasons(body);
  return new GatewayError(
    `${what}: ${reasons ?? 'no reason given'} (HTTP ${status}).`,
    status >= 500 || status === 429,
  );
}
