/**
 * E-shop front versions and the default messages of each (spec section 7: static JSON). Served as is by
 * GET {ticket}/v1/eshopVersion and GET {ticket}/v1/eshopVersion/{version}/messages.
 */
export interface EshopVersion {
  version: string;
  releasedAt: string;
  description: string;
}

export const ESHOP_VERSIONS: readonly EshopVersion[] = [
  { version: '2.0', releasedAt: '2026-01-15', description: 'Basket with per-item data, wallet buttons' },
  { version: '1.0', releasedAt: '2025-06-01', description: 'First e-shop front' },
];

export const LATEST_ESHOP_VERSION = ESHOP_VERSIONS[0].version;

type Messages = Record<string, Record<string, string>>;

const V1_MESSAGES: Messages = {
  cs: {
    'basket.title': 'Košík',
    'basket.empty': 'Košík je prázdný.',
    'basket.total': 'Celkem s DPH',
    'checkout.email': 'E-mail pro zaslání vstupenek',
    'checkout.pay': 'Zaplatit',
    'payment.paid': 'Platba proběhla úspěšně. Vstupenky vám pošleme e-mailem.',
    'payment.canceled': 'Platba byla zrušena.',
    'payment.timeout': 'Platba vypršela.',
    'payment.declined': 'Platba byla zamítnuta.',
    'payment.error': 'Při platbě došlo k chybě.',
    'payment.pending': 'Čekáme na výsledek platby.',
  },
  en: {
    'basket.title': 'Basket',
    'basket.empty': 'The basket is empty.',
    'basket.total': 'Total with VAT',
    'checkout.email': 'Email for your tickets',
    'checkout.pay': 'Pay',
    'payment.paid': 'Payment succeeded. Your tickets are on their way by email.',
    'payment.canceled': 'The payment was canceled.',
    'payment.timeout': 'The payment timed out.',
    'payment.declined': 'The payment was declined.',
    'payment.error': 'The payment failed.',
    'payment.pending': 'Waiting for the result of the payment.',
  },
};

const V2_MESSAGES: Messages = {
  cs: { ...V1_MESSAGES.cs, 'item.data': 'Údaje na vstupence', 'wallet.add': 'Přidat do peněženky' },
  en: { ...V1_MESSAGES.en, 'item.data': 'Details on the ticket', 'wallet.add': 'Add to wallet' },
};

export const ESHOP_VERSION_MESSAGES: Readonly<Record<string, Messages>> = {
  '1.0': V1_MESSAGES,
  '2.0': V2_MESSAGES,
};
