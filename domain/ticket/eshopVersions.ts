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

/**
 * The storefront's own texts (server/features/ticket/storefront: the shop's page, its form's problems, the order page). Amounts
 * and dates come formatted; `.one`, `.few` and `.other` are the plural forms Intl.PluralRules names.
 */
const STOREFRONT_MESSAGES: Messages = {
  cs: {
    'shop.language': 'Jazyk',
    'shop.tickets': 'Vstupenky',
    'shop.noProducts': 'Momentálně nejsou v prodeji žádné vstupenky.',
    'shop.price': '{{price}} vč. DPH',
    'shop.validity.days.one': 'Platí {{days}} den od nákupu',
    'shop.validity.days.few': 'Platí {{days}} dny od nákupu',
    'shop.validity.days.other': 'Platí {{days}} dní od nákupu',
    'shop.validity.interval': 'Platí od {{from}} do {{to}}',
    'shop.event.name': 'Akce',
    'shop.event.venue': 'Místo konání',
    'shop.event.start': 'Začátek',
    'shop.quantity': 'Počet vstupenek',
    'shop.quantity.hint': 'Nejvýše {{max}} ks v jedné objednávce',
    'shop.holder': 'Jméno na vstupence {{number}}',
    'shop.buyer': 'Vaše údaje',
    'shop.invoice': 'Faktura na firmu (nepovinné)',
    'shop.company': 'Název firmy',
    'shop.vatId': 'DIČ',
    'shop.terms': 'Souhlasím s obchodními podmínkami',
    'shop.terms.link': 'Přečíst obchodní podmínky (otevře se v novém okně)',
    'shop.simulatedPayments':
      'TESTOVACÍ PLATBY: tento obchod platí přes simulovanou banku. Žádné peníze se nestrhnou; skutečné vstupenky zde nekupujte.',
    'shop.problems': 'Opravte prosím:',
    'shop.problem.quantity': 'Zadejte celé číslo od 0 do {{max}}.',
    'shop.problem.noTickets': 'Vyberte alespoň jednu vstupenku.',
    'shop.problem.holderMissing': 'Zadejte jméno držitele vstupenky.',
    'shop.problem.tooLong': 'Použijte nejvýše {{max}} znaků.',
    'shop.problem.characters': 'Odstraňte z tohoto pole řídicí znaky.',
    'shop.problem.email': 'Zadejte platnou e-mailovou adresu, například jana@example.com.',
    'shop.problem.vatId':
      'Zadejte DIČ jako dvě písmena země a 2 až 13 písmen nebo číslic, například CZ12345678.',
    'shop.problem.terms': 'K objednání je třeba souhlasit s obchodními podmínkami.',
    'shop.problem.notOnSale': 'Tato vstupenka se už neprodává.',
    'shop.problem.unknownProduct': 'Formulář žádal vstupenku, která se zde neprodává. Vyberte prosím znovu.',
    'shop.problem.productLimit': 'V jedné objednávce lze koupit nejvýše {{max}} ks této vstupenky.',
    'shop.problem.orderLimit':
      'Jedna objednávka může mít nejvýše {{maxItems}} ks vstupenek v celkové ceně nejvýše {{maxPrice}}.',
    'shop.problem.expired': 'Formulář nebyl úplný. Zkontrolujte ho prosím a odešlete znovu.',
    'shop.problem.gateway': 'Platbu se nepodařilo zahájit. Zkuste to prosím za chvíli znovu.',
    'shop.problem.invalid': 'Tato hodnota není platná.',
    'shop.closed.title': 'Momentálně neprodáváme',
    'shop.closed.text': '{{eshopName}} teď vstupenky neprodává. Zkuste to prosím později.',
    'shop.notFound.title': 'Nenalezeno',
    'shop.notFound.text': 'Tato adresa nevede na e-shop ani na objednávku. Zkontrolujte prosím odkaz.',
    'shop.badRequest.title': 'Neplatný požadavek',
    'shop.badRequest.text':
      'Stránka dostala údaje, kterým nerozumí. Vraťte se prosím zpět a zkuste to znovu.',
    'shop.tooLarge.title': 'Příliš mnoho údajů',
    'shop.tooLarge.text':
      'Formulář poslal víc údajů, než obchod přijme. Zkraťte prosím texty a zkuste to znovu.',
    'shop.busy.title': 'Příliš mnoho požadavků',
    'shop.busy.text': 'Počkejte prosím minutu a zkuste to znovu.',
    'shop.unavailable.title': 'Dočasně nedostupné',
    'shop.unavailable.text': 'Zkuste to prosím za chvíli znovu.',
    'shop.tryAgain': 'Zkusit znovu',
    'shop.order.title': 'Objednávka {{orderNumber}}',
    'shop.order.total': 'Celkem {{total}}',
    'shop.order.pay': 'Zaplatit',
    'shop.order.reload': 'Zkontrolovat znovu',
    'shop.order.issuing': 'Platba byla přijata. Vstupenky se připravují; zkontrolujte to prosím za chvíli.',
    'shop.order.failed':
      'Některé vstupenky se nepodařilo vystavit. Kontaktujte prosím e-shop s číslem objednávky {{orderNumber}}.',
    'shop.order.shop': 'Zpět do e-shopu',
    'shop.order.tickets': 'Vaše vstupenky',
    'shop.order.invoice': 'Faktura (PDF)',
    'shop.ticket.holder': 'Držitel',
    'shop.ticket.validity': 'Platnost',
    'shop.ticket.itemNumber': 'Číslo vstupenky',
    'shop.ticket.appleWallet': 'Přidat do Apple Wallet',
    'shop.ticket.googleWallet': 'Přidat do Peněženky Google',
    'shop.ticket.pdf': 'Stáhnout PDF',
    'shop.ticket.qr': 'QR kód pro vstup',
    'shop.ticket.voided': 'Tato vstupenka už neplatí.',
  },
  en: {
    'shop.language': 'Language',
    'shop.tickets': 'Tickets',
    'shop.noProducts': 'No tickets are on sale at the moment.',
    'shop.price': '{{price}} incl. VAT',
    'shop.validity.days.one': 'Valid for {{days}} day from purchase',
    'shop.validity.days.few': 'Valid for {{days}} days from purchase',
    'shop.validity.days.other': 'Valid for {{days}} days from purchase',
    'shop.validity.interval': 'Valid from {{from}} to {{to}}',
    'shop.event.name': 'Event',
    'shop.event.venue': 'Venue',
    'shop.event.start': 'Starts',
    'shop.quantity': 'Number of tickets',
    'shop.quantity.hint': 'At most {{max}} in one order',
    'shop.holder': 'Name on ticket {{number}}',
    'shop.buyer': 'Your details',
    'shop.invoice': 'Invoice for a company (optional)',
    'shop.company': 'Company name',
    'shop.vatId': 'VAT ID',
    'shop.terms': 'I agree to the terms and conditions',
    'shop.terms.link': 'Read the terms and conditions (opens in a new window)',
    'shop.simulatedPayments':
      'TEST PAYMENTS: this shop pays through a simulated bank. No money is taken; do not buy real tickets here.',
    'shop.problems': 'Please correct the following:',
    'shop.problem.quantity': 'Enter a whole number from 0 to {{max}}.',
    'shop.problem.noTickets': 'Choose at least one ticket.',
    'shop.problem.holderMissing': 'Enter the name of the ticket holder.',
    'shop.problem.tooLong': 'Use at most {{max}} characters.',
    'shop.problem.characters': 'Remove the control characters from this field.',
    'shop.problem.email': 'Enter a valid email address, such as jana@example.com.',
    'shop.problem.vatId':
      "Enter the VAT ID as the country's two letters and 2 to 13 letters or digits, such as CZ12345678.",
    'shop.problem.terms': 'Agree to the terms and conditions to order.',
    'shop.problem.notOnSale': 'This ticket is not on sale any more.',
    'shop.problem.unknownProduct': 'The form asked for a ticket that is not sold here. Please choose again.',
    'shop.problem.productLimit': 'At most {{max}} of this ticket in one order.',
    'shop.problem.orderLimit': 'One order holds at most {{maxItems}} tickets and costs at most {{maxPrice}}.',
    'shop.problem.expired': 'The form was not complete. Please check it and send it again.',
    'shop.problem.gateway': 'The payment could not be started. Please try again in a moment.',
    'shop.problem.invalid': 'This value is not valid.',
    'shop.closed.title': 'Not selling now',
    'shop.closed.text': '{{eshopName}} does not sell tickets at the moment. Please come back later.',
    'shop.notFound.title': 'Not found',
    'shop.notFound.text': 'This address does not lead to an e-shop or an order. Please check the link.',
    'shop.badRequest.title': 'This request is not valid',
    'shop.badRequest.text':
      'The page received something it does not understand. Please go back and try again.',
    'shop.tooLarge.title': 'Too much data',
    'shop.tooLarge.text':
      'The form sent more than this shop accepts. Please shorten the texts and try again.',
    'shop.busy.title': 'Too many requests',
    'shop.busy.text': 'Please wait a minute and try again.',
    'shop.unavailable.title': 'Temporarily unavailable',
    'shop.unavailable.text': 'Please try again in a moment.',
    'shop.tryAgain': 'Try again',
    'shop.order.title': 'Order {{orderNumber}}',
    'shop.order.total': 'Total {{total}}',
    'shop.order.pay': 'Pay now',
    'shop.order.reload': 'Check again',
    'shop.order.issuing':
      'The payment was received. Your tickets are being prepared; please check again in a moment.',
    'shop.order.failed':
      'Some tickets could not be issued. Please contact the e-shop with your order number {{orderNumber}}.',
    'shop.order.shop': 'Back to the e-shop',
    'shop.order.tickets': 'Your tickets',
    'shop.order.invoice': 'Invoice (PDF)',
    'shop.ticket.holder': 'Holder',
    'shop.ticket.validity': 'Valid',
    'shop.ticket.itemNumber': 'Ticket number',
    'shop.ticket.appleWallet': 'Add to Apple Wallet',
    'shop.ticket.googleWallet': 'Add to Google Wallet',
    'shop.ticket.pdf': 'Download PDF',
    'shop.ticket.qr': 'QR code to show at the entrance',
    'shop.ticket.voided': 'This ticket is no longer valid.',
  },
};

/** The e-mail of a refund: the amount, why, the tickets voided, its credit note. */
const REFUND_EMAIL_MESSAGES: Messages = {
  cs: {
    'refundEmail.subject': '{{eshopName}}: vrácení peněz za objednávku {{orderNumber}}',
    'refundEmail.refunded': 'Za vaši objednávku {{orderNumber}} jsme vám vrátili {{amount}}.',
    'refundEmail.reason': 'Důvod: {{reason}}',
    'refundEmail.latePayment':
      'Vaše platba dorazila až po vypršení objednávky, vstupenky proto nebyly vystaveny; peníze vám vracíme.',
    'refundEmail.voided': 'Tyto vstupenky už neplatí:',
    'refundEmail.voidedTicket': '{{productName}}, vstupenka č. {{itemNumber}}',
    'refundEmail.arrival': 'Peníze dorazí na váš účet podle vaší banky obvykle během několika dní.',
    'refundEmail.creditNote': 'Opravný daňový doklad {{creditNoteNumber}}',
    'shop.order.refunds': 'Vrácené peníze',
    'shop.order.refunded': 'Vráceno {{amount}}',
  },
  en: {
    'refundEmail.subject': '{{eshopName}}: refund of order {{orderNumber}}',
    'refundEmail.refunded': 'We have refunded {{amount}} of your order {{orderNumber}}.',
    'refundEmail.reason': 'Reason: {{reason}}',
    'refundEmail.latePayment':
      'Your payment arrived after the order had timed out, so no tickets were issued; the money goes back to you.',
    'refundEmail.voided': 'These tickets are no longer valid:',
    'refundEmail.voidedTicket': '{{productName}}, ticket no. {{itemNumber}}',
    'refundEmail.arrival':
      'The money usually reaches your account within a few days, depending on your bank.',
    'refundEmail.creditNote': 'Credit note {{creditNoteNumber}}',
    'shop.order.refunds': 'Refunds',
    'shop.order.refunded': '{{amount}} refunded',
  },
};

/**
 * "Add all to Apple Wallet": an order's passes as one .pkpasses file (at most ten a file, so a larger order's come in
 * parts), on the order page and in the order e-mail; and what its link says when it has nothing to give.
 */
const WALLET_BUNDLE_MESSAGES: Messages = {
  cs: {
    'wallet.addAll': 'Přidat vše do Apple Wallet',
    'wallet.addAllPart': 'Přidat vše do Apple Wallet ({{part}} z {{parts}})',
    'wallet.bundle.title': 'Vstupenky nelze přidat najednou',
    'wallet.bundle.unpaid':
      'Objednávka {{orderNumber}} ještě není zaplacená, nemá proto žádné vstupenky k přidání.',
    'wallet.bundle.none':
      'Objednávka {{orderNumber}} nemá žádnou platnou vstupenku k přidání: její vstupenky jsou zneplatněné, vrácené, nebo se ještě vystavují.',
    'wallet.bundle.unsigned':
      'Některé vstupenky objednávky {{orderNumber}} zatím nelze přidat do Apple Wallet. Přidejte je prosím po jedné ze stránky objednávky, nebo to zkuste později.',
    'wallet.bundle.tooLarge':
      'Vstupenky objednávky {{orderNumber}} jsou příliš velké, aby šly přidat najednou. Přidejte je prosím po jedné ze stránky objednávky.',
    'wallet.bundle.back': 'Zpět na objednávku',
  },
  en: {
    'wallet.addAll': 'Add all to Apple Wallet',
    'wallet.addAllPart': 'Add all to Apple Wallet ({{part}} of {{parts}})',
    'wallet.bundle.title': 'The tickets cannot be added together',
    'wallet.bundle.unpaid': 'Order {{orderNumber}} is not paid yet, so it has no tickets to add.',
    'wallet.bundle.none':
      'Order {{orderNumber}} has no valid ticket to add: its tickets are voided, refunded or still being issued.',
    'wallet.bundle.unsigned':
      'Some tickets of order {{orderNumber}} cannot be added to Apple Wallet yet. Please add them one by one from the order page, or try again later.',
    'wallet.bundle.tooLarge':
      'The tickets of order {{orderNumber}} are too large to be added together. Please add them one by one from the order page.',
    'wallet.bundle.back': 'Back to the order',
  },
};

const V2_MESSAGES: Messages = {
  cs: {
    ...V1_MESSAGES.cs,
    'item.data': 'Údaje na vstupence',
    'wallet.add': 'Přidat do peněženky',
    ...STOREFRONT_MESSAGES.cs,
    ...REFUND_EMAIL_MESSAGES.cs,
    ...WALLET_BUNDLE_MESSAGES.cs,
  },
  en: {
    ...V1_MESSAGES.en,
    'item.data': 'Details on the ticket',
    'wallet.add': 'Add to wallet',
    ...STOREFRONT_MESSAGES.en,
    ...REFUND_EMAIL_MESSAGES.en,
    ...WALLET_BUNDLE_MESSAGES.en,
  },
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
 * version is unknown), then the latest version's (for a key an older version lacks, such as the storefront's), English
 * last. The locale is the one asked when the e-shop has it, else the e-shop's first.
 * `{{name}}` in a text is replaced by the value given (no escaping: the caller escapes for HTML).
 *
 * @example eshopTexts(eshop, order.locale).text('email.thanks', { orderNumber, total })
 */
export function eshopTexts(
  eshop: { eshopVersion: string; locales: readonly string[]; messages: Messages },
  asked: string,
) {
  const locale = eshopLocale(eshop.locales, asked);
  const latest = ESHOP_VERSION_MESSAGES[LATEST_ESHOP_VERSION];
  const defaults = ESHOP_VERSION_MESSAGES[eshop.eshopVersion] ?? latest;
  const text = (key: string, values: Record<string, string> = {}): string => {
    const template =
      eshop.messages[locale]?.[key] ??
      defaults[locale]?.[key] ??
      latest[locale]?.[key] ??
      defaults.en?.[key] ??
      latest.en?.[key] ??
      key;
    return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  };
  return { locale, text };
}
