import {
  GATEWAY_SECRETS,
  SIMULATED_GATEWAY,
  type GatewaySecretName,
  type PaymentGatewayAnswer,
  type PaymentGatewayKind,
  type PaymentGatewayWrite,
  type StoredGatewaySettings,
} from '../../../../domain/schemas/paymentGateway';
import type { KeyVault } from '../../../kernel/auth/keyVault';
import { badField } from '../../../kernel/http/errors';

/** The secrets of an e-shop's gateway as stored: name -> value sealed for the e-shop. */
export type SealedSecrets = Partial<Record<GatewaySecretName, string>>;

/** A gateway's settings with its secrets opened: what an adapter is made from. */
export type OpenedGatewaySettings = StoredGatewaySettings & Partial<Record<GatewaySecretName, string>>;

const SECRET_LABELS: Record<GatewaySecretName, { en: string; cs: string }> = {
  secretKey: { en: 'secret key', cs: 'tajný klíč' },
  webhookSecret: { en: 'webhook signing secret', cs: 'podpisový klíč webhooků' },
  clientSecret: { en: 'client secret', cs: 'tajemství klienta' },
};

const GATEWAY_NAMES: Record<PaymentGatewayKind, string> = {
  simulated: 'The simulated bank',
  stripe: 'Stripe',
  gopay: 'GoPay',
};

/** A sealed secret opens only for its e-shop and its name: copied to another e-shop or field, it does not open. */
const bindingOf = (eshopId: string, name: string) => `eshop:${eshopId}:paymentGateway:${name}`;

const parsed = <T>(value: unknown, fallback: T): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : ((value ?? fallback) as T);

/** Does the e-shop sell through the simulated bank (a new e-shop's gateway)? Its fronts then say no money moves. */
export const sellsThroughSimulatedBank = (eshop: { paymentGateway?: unknown } | undefined): boolean =>
  eshop === undefined || storedSettingsOf(eshop).kind === 'simulated';

/** Is the order's payment the simulated bank's (orders placed before gateways were chosen per e-shop too)? */
export const paidThroughSimulatedBank = (order: { paymentGateway: string | null }): boolean =>
  (order.paymentGateway ?? 'simulated') === 'simulated';

/** Where the gateway's payment pages are, by kind: where the storefront's form may send the buyer. */
const PAYMENT_PAGES: Record<PaymentGatewayKind, (settings: StoredGatewaySettings) => string[]> = {
  simulated: () => [],
  stripe: () => ['https://checkout.stripe.com'],
  gopay: (settings) => [settings.test ? 'https://gw.sandbox.gopay.com' : 'https://gate.gopay.cz'],
};

/**
 * The origins of the e-shop's payment pages (the storefront's Content-Security-Policy lets its form go there): the
 * provider's, or the `apiBase`'s host when one is set (a stand-in serves its pages there).
 *
 * @example paymentPageOrigins({ paymentGateway: { kind: 'gopay', test: true } }) // ['https://gw.sandbox.gopay.com']
 */
export function paymentPageOrigins(eshop: { paymentGateway?: unknown }): string[] {
  const settings = storedSettingsOf(eshop);
  if (settings.apiBase) return [new URL(settings.apiBase).origin];
  return PAYMENT_PAGES[settings.kind](settings);
}

export const storedSettingsOf = (row: { paymentGateway?: unknown }): StoredGatewaySettings =>
  parsed(row.paymentGateway, SIMULATED_GATEWAY);

const sealedSecretsOf = (row: { paymentGatewaySecrets?: unknown }): SealedSecrets =>
  parsed(row.paymentGatewaySecrets, {});

/**
 * The columns of an e-shop's gateway as written: the settings in the clear, each secret sent sealed for the
 * e-shop; a secret left out keeps the stored one while the kind stays, and every secret of the kind must be set
 * (400 naming the missing one). Another kind drops the old kind's secrets.
 *
 * @example gatewayColumns(vault, eshopId, { kind: 'stripe', secretKey, webhookSecret }, row)
 */
export function gatewayColumns(
  vault: KeyVault,
  eshopId: string,
  written: PaymentGatewayWrite,
  before?: { paymentGateway?: unknown; paymentGatewaySecrets?: unknown },
): { paymentGateway: string; paymentGatewaySecrets: string } {
  const kept = before && storedSettingsOf(before).kind === written.kind ? sealedSecretsOf(before) : {};
  const sealed: SealedSecrets = {};
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(written)) {
    if ((GATEWAY_SECRETS[written.kind] as readonly string[]).includes(key)) continue;
    settings[key] = value;
  }
  if (written.kind !== 'simulated') settings.test = written.test ?? false;
  for (const name of GATEWAY_SECRETS[written.kind]) {
    const value = (written as Partial<Record<GatewaySecretName, string>>)[name];
    const stored =
      value === undefined ? kept[name] : vault.seal(Buffer.from(value), bindingOf(eshopId, name));
    if (stored === undefined)
      throw badField(`/paymentGateway/${name}`, {
        en: `${GATEWAY_NAMES[written.kind]} needs its ${SECRET_LABELS[name].en}.`,
        cs: `${GATEWAY_NAMES[written.kind]} potřebuje svůj ${SECRET_LABELS[name].cs}.`,
      });
    sealed[name] = stored;
  }
  return { paymentGateway: JSON.stringify(settings), paymentGatewaySecrets: JSON.stringify(sealed) };
}

/** The gateway as the API answers it: its settings, and of each secret whether it is set. */
export function gatewayAnswerOf(row: {
  paymentGateway?: unknown;
  paymentGatewaySecrets?: unknown;
}): PaymentGatewayAnswer {
  const settings = storedSettingsOf(row);
  const sealed = sealedSecretsOf(row);
  const answer: Record<string, unknown> = { ...settings };
  for (const name of GATEWAY_SECRETS[settings.kind]) answer[`${name}Set`] = sealed[name] !== undefined;
  return answer as PaymentGatewayAnswer;
}

/** The e-shop's gateway settings with its secrets opened, for its adapter (never answered nor logged). */
export function openedSettingsOf(
  vault: KeyVault,
  row: { id: string; paymentGateway?: unknown; paymentGatewaySecrets?: unknown },
): OpenedGatewaySettings {
  const settings: OpenedGatewaySettings = { ...storedSettingsOf(row) };
  const sealed = sealedSecretsOf(row);
  for (const name of GATEWAY_SECRETS[settings.kind]) {
    const value = sealed[name];
    if (value !== undefined) settings[name] = vault.open(value, bindingOf(row.id, name)).toString();
  }
  return settings;
}
