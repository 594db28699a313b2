import { GATEWAY_SECRETS, type PaymentGatewayKind } from '../../../domain/schemas/paymentGateway';

type EshopValues = Record<string, unknown>;

const GATEWAY_SETTINGS: Record<PaymentGatewayKind, readonly string[]> = {
  simulated: [],
  stripe: ['test', 'apiBase'],
  gopay: ['test', 'apiBase', 'goid', 'clientId'],
};

/**
 * The gateway as Save sends it: the chosen kind's settings only (another kind's left behind when switching), no
 * "…Set" flags of the answer, and a secret left empty not sent, so the stored one is kept.
 *
 * @example gatewayBody({ kind: 'stripe', secretKeySet: true, secretKey: '', goid: '1' }) // { kind: 'stripe' }
 */
function gatewayBody(gateway: Record<string, unknown>): Record<string, unknown> {
  const kind = gateway.kind as PaymentGatewayKind;
  const keys = [...(GATEWAY_SETTINGS[kind] ?? []), ...(GATEWAY_SECRETS[kind] ?? [])];
  return Object.fromEntries([
    ['kind', kind],
    ...keys.filter((key) => filled(gateway[key])).map((key) => [key, gateway[key]]),
  ]);
}

const filled = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * The e-shop as Save sends it: the seller's emptied inputs (null) left out rather than sent, which the API refuses;
 * no terms address as an empty text; the gateway's settings of its kind, empty secrets kept.
 *
 * @example eshopBody({ seller: { legalName: 'Zoo Praha', vatId: null }, termsUrl: null }) // { seller: { legalName: 'Zoo Praha' }, termsUrl: '' }
 */
export function eshopBody<Values extends EshopValues>(values: Values): Values {
  const body: EshopValues = { ...values };
  if ('seller' in body) {
    const seller = typeof body.seller === 'object' && body.seller !== null ? body.seller : {};
    body.seller = Object.fromEntries(Object.entries(seller).filter(([, value]) => filled(value)));
  }
  if ('termsUrl' in body && !filled(body.termsUrl)) body.termsUrl = '';
  if (typeof body.paymentGateway === 'object' && body.paymentGateway !== null)
    body.paymentGateway = gatewayBody(body.paymentGateway as Record<string, unknown>);
  return body as Values;
}
