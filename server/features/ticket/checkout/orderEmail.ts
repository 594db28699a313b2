import type { EshopStyles } from '../../../../domain/schemas/eshop';
import { formatDay } from '../../../../domain/ticket/days';
import type { eshopTexts } from '../../../../domain/ticket/eshopVersions';
import { formatMoney } from '../../../../domain/ticket/money';
import { escapeHtml } from '../../distribution';
import type { TicketLinks } from '../orderTickets';
import type { WalletBundleLink } from '../walletBundle';
import type { MailAttachment, MailMessage } from '../../../kernel/mail/mailTransport';
import {
  button,
  emailColors,
  emailDocument,
  paragraph,
  textLink,
  ticketBlock,
  walletButton,
} from './orderEmailHtml';

/** A ticket as the email shows it (orderTickets answers them). */
export interface OrderEmailTicket {
  /** the product's title in the order's language */
  productName: string;
  holderName: string;
  itemNumber: string;
  validFrom: Date | null;
  validTo: Date | null;
  links: TicketLinks;
}

export interface OrderEmailContent {
  to: string;
  /** the e-shop's texts in the order's locale (or the e-shop's default one) */
  texts: ReturnType<typeof eshopTexts>;
  orderNumber: string;
  eshopName: string;
  totalWithVat: number;
  currency: string;
  tickets: OrderEmailTicket[];
  /** "Add all to Apple Wallet", once the order has two valid passes or more (a link per ten); none otherwise */
  walletBundles?: WalletBundleLink[];
  /** the order's page (its status link) */
  orderUrl: string;
  /** the signed link of the invoice PDF */
  invoiceUrl: string;
  invoice?: MailAttachment;
  /** the e-shop's email settings: subject and HTML template by locale */
  email: { subject?: Record<string, string>; template?: Record<string, string> };
  /** the e-shop's look: its header and brand colours colour the email */
  styles?: Pick<EshopStyles, 'brandPrimary' | 'headerColor'>;
  /** paid through the simulated bank: the subject and the first line say that no money was taken */
  testPayment?: boolean;
}

/** The e-shop's own text for exactly this locale; another locale's would put a foreign language in the email. */
function ownText(texts: Record<string, string> | undefined, locale: string): string | undefined {
  const text = texts?.[locale];
  return text && text.trim() ? text : undefined;
}

/**
 * The order email, every text in the e-shop's locale, as HTML (inline styles, the e-shop's name and colours, nothing
 * loaded from elsewhere) and as plain text with the same content: per ticket its product, holder, number and
 * validity with Add to Apple Wallet, Add to Google Wallet (when its template offers it) and its page, after Add all to
 * Apple Wallet when the order has two valid passes or more; the order's page and the invoice. An e-shop's own HTML
 * template (email.template[locale]) may place the parts with {{orderNumber}}, {{eshopName}}, {{total}}, {{items}}
 * (Add all to Apple Wallet and the ticket blocks), {{orderUrl}} and {{invoiceUrl}} (links);
 * without one, a plain layout is used. Validity dates are the UTC days, as stored on the tickets.
 *
 * @example const message = orderEmail({ to, texts: eshopTexts(eshop, order.locale), orderNumber, eshopName, ... })
 */
export function orderEmail(content: OrderEmailContent): MailMessage {
  const { locale, text } = content.texts;
  const day = (date: Date | null) => (date ? formatDay(date, locale) : '—');
  const total = formatMoney(content.totalWithVat, content.currency, locale);
  const names = { orderNumber: content.orderNumber, eshopName: content.eshopName };
  const eshopSubject =
    ownText(content.email.subject, locale)?.replace(/\{\{orderNumber\}\}/g, content.orderNumber) ??
    text('email.subject', names);
  const notice = text('email.testPayment');
  const subject = content.testPayment ? `[${notice}] ${eshopSubject}` : eshopSubject;
  const thanks = text('email.thanks', { ...names, total });
  const colors = emailColors(content.styles);

  /** What is said of a ticket under its product: holder, number and validity. */
  const linesOf = (ticket: OrderEmailTicket) => [
    ...(ticket.holderName ? [text('email.holder', { holderName: ticket.holderName })] : []),
    text('email.item', {
      productName: ticket.productName,
      itemNumber: ticket.itemNumber,
      validFrom: day(ticket.validFrom),
      validTo: day(ticket.validTo),
    }),
  ];
  /** A ticket's links, labelled: Apple Wallet, Google Wallet when offered, the ticket's page. */
  const linksOf = ({ links }: OrderEmailTicket) => [
    { label: text('email.appleWallet'), url: links.appleWallet, wallet: true },
    ...(links.googleWallet
      ? [{ label: text('email.googleWallet'), url: links.googleWallet, wallet: true }]
      : []),
    { label: text('email.ticketPage'), url: links.page, wallet: false },
  ];
  /** "Add all to Apple Wallet": one link, or one per part of ten passes. */
  const bundles = (content.walletBundles ?? []).map((link) => ({
    url: link.url,
    label:
      link.parts > 1
        ? text('wallet.addAllPart', { part: String(link.part), parts: String(link.parts) })
        : text('wallet.addAll'),
  }));

  const plain = [
    ...(content.testPayment ? [notice, ''] : []),
    thanks,
    '',
    text('email.tickets'),
    ...bundles.map((link) => `${link.label}: ${link.url}`),
    ...content.tickets.flatMap((ticket) => [
      '',
      ticket.productName,
      ...linesOf(ticket),
      ...linksOf(ticket).map((link) => `${link.label}: ${link.url}`),
    ]),
    '',
    `${text('email.order')}: ${content.orderUrl}`,
    `${text('email.invoice')}: ${content.invoiceUrl}`,
  ].join('\n');

  const bundlesHtml = bundles.length
    ? `<p style="margin:0 0 16px;">${bundles.map((link) => walletButton(link.url, link.label)).join('')}</p>\n`
    : '';
  const itemsHtml =
    bundlesHtml +
    content.tickets
      .map((ticket) =>
        ticketBlock(
          ticket.productName,
          linesOf(ticket),
          linksOf(ticket).map((link) =>
            link.wallet
              ? walletButton(link.url, link.label)
              : button(link.url, link.label, '#f3f4f6', '#111827'),
          ),
          colors,
        ),
      )
      .join('\n');
  const orderHtml = textLink(content.orderUrl, text('email.order'), colors);
  const invoiceHtml = textLink(content.invoiceUrl, text('email.invoice'), colors);
  const template = ownText(content.email.template, locale);
  // one pass, by a function: a name holding "{{total}}" or "$&" stays as written
  const placed = new Map([
    ['orderNumber', escapeHtml(content.orderNumber)],
    ['eshopName', escapeHtml(content.eshopName)],
    ['total', escapeHtml(total)],
    ['items', itemsHtml],
    ['orderUrl', orderHtml],
    ['invoiceUrl', invoiceHtml],
  ]);
  const body = template
    ? template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => placed.get(name) ?? whole)
    : `${paragraph(thanks)}
${paragraph(text('email.tickets'))}
${itemsHtml}
<p style="margin:24px 0 8px;">${button(content.orderUrl, text('email.order'), colors.brand, colors.brandText)}</p>
<p style="margin:0;">${invoiceHtml}</p>`;
  const html = emailDocument({
    locale,
    title: subject,
    eshopName: content.eshopName,
    colors,
    notice: content.testPayment ? notice : undefined,
    body,
  });
  return {
    to: content.to,
    subject,
    text: plain,
    html,
    ...(content.invoice ? { attachments: [content.invoice] } : {}),
  };
}
