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
    'email.subject': '{{eshopName}}: objednávka {{orderNumber}}',
    'email.thanks': 'Děkujeme za vaši objednávku {{orderNumber}} ({{total}}).',
    'email.tickets': 'Vaše vstupenky (každou si přidejte do peněženky v telefonu):',
    'email.item': 'Vstupenka č. {{itemNumber}}, platnost od {{validFrom}} do {{validTo}}',
    'email.holder': 'Držitel: {{holderName}}',
    'email.appleWallet': 'Přidat do Apple Wallet',
    'email.googleWallet': 'Přidat do Peněženky Google',
    'email.ticketPage': 'Zobrazit vstupenku',
    'email.order': 'Zobrazit objednávku',
    'email.invoice': 'Faktura',
    'email.testPayment': 'TESTOVACÍ PLATBA – žádné peníze nebyly strženy',
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
    'email.subject': '{{eshopName}}: order {{orderNumber}}',
    'email.thanks': 'Thank you for your order {{orderNumber}} ({{total}}).',
    'email.tickets': "Your tickets (add each one to your phone's wallet):",
    'email.item': 'Ticket no. {{itemNumber}}, valid {{validFrom}} to {{validTo}}',
    'email.holder': 'Holder: {{holderName}}',
    'email.appleWallet': 'Add to Apple Wallet',
    'email.googleWallet': 'Add to Google Wallet',
    'email.ticketPage': 'View the ticket',
    'email.order': 'View your order',
    'email.invoice': 'Invoice',
    'email.testPayment': 'TEST PAYMENT - no money was taken',
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

/**
 * The locale an e-shop writes to a customer who asked for `asked`: that one when the e-shop has it, else the
 * e-shop's first (its default). The order email and the invoice choose alike.
 *
 * @example eshopLocale(['cs', 'en'], 'de') // 'cs'
 */
export function eshopLocale(locales: readonly string[], asked: string): string {
  return locales.includes(asked) ? asked : (locales[0] ?? asked);
}

/**
 * The texts of an e-shop in a locale: its own messages over the defaults of its version (the latest when the
 * version is unknown), English last. The locale is the one asked when the e-shop has it, else the e-shop's first.
 * `{{name}}` in a text is replaced by the value given (no escaping: the caller escapes for HTML).
 *
 * @example eshopTexts(eshop, order.locale).text('email.thanks', { orderNumber, total })
 */
export function eshopTexts(
  eshop: { eshopVersion: string; locales: readonly string[]; messages: Messages },
  asked: string,
) {
  const locale = eshopLocale(eshop.locales, asked);
  const defaults = ESHOP_VERSION_MESSAGES[eshop.eshopVersion] ?? ESHOP_VERSION_MESSAGES[LATEST_ESHOP_VERSION];
  const text = (key: string, values: Record<string, string> = {}): string => {
    const template = eshop.messages[locale]?.[key] ?? defaults[locale]?.[key] ?? defaults.en?.[key] ?? key;
    return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  };
  return { locale, text };
}
