import type { eshopTexts } from '../../../domain/ticket/eshopVersions';
import { formatDay } from '../../../domain/ticket/days';
import { formatMoney } from '../../../domain/ticket/money';
import { escapeHtml } from '../../distribution/html';
import type { MailAttachment, MailMessage } from './mailTransport';

export interface OrderEmailItem {
  productName: string;
  itemNumber: string;
  validFrom: Date | null;
  validTo: Date | null;
  passUrl: string;
}

export interface OrderEmailContent {
  to: string;
  /** the e-shop's texts in the order's locale (or the e-shop's default one) */
  texts: ReturnType<typeof eshopTexts>;
  orderNumber: string;
  eshopName: string;
  totalWithVat: number;
  currency: string;
  items: OrderEmailItem[];
  /** the signed link of the invoice PDF */
  invoiceUrl: string;
  invoice?: MailAttachment;
  /** the e-shop's email settings: subject and HTML template by locale */
  email: { subject?: Record<string, string>; template?: Record<string, string> };
  /** paid through the simulated bank: the subject and the first line say that no money was taken */
  testPayment?: boolean;
}

/** The e-shop's own text for exactly this locale; another locale's would put a foreign language in the email. */
function ownText(texts: Record<string, string> | undefined, locale: string): string | undefined {
  const text = texts?.[locale];
  return text && text.trim() ? text : undefined;
}

/**
 * The order email, every text in the e-shop's locale: a line per ticket with its number, validity and pass link,
 * the total, and the invoice link. An e-shop's own HTML template (email.template[locale]) may place the parts with
 * {{orderNumber}}, {{eshopName}}, {{total}}, {{items}} and {{invoiceUrl}}; without one, a plain layout is used.
 * Validity dates are the UTC days, as stored on the tickets.
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
  const itemLine = (item: OrderEmailItem) =>
    text('email.item', {
      productName: item.productName,
      itemNumber: item.itemNumber,
      validFrom: day(item.validFrom),
      validTo: day(item.validTo),
    });
  const thanks = text('email.thanks', { ...names, total });
  const plain = [
    ...(content.testPayment ? [notice, ''] : []),
    thanks,
    '',
    text('email.tickets'),
    ...content.items.map((item) => `${itemLine(item)}: ${item.passUrl}`),
    '',
    `${text('email.invoice')}: ${content.invoiceUrl}`,
  ].join('\n');
  const itemsHtml = `<ul>${content.items
    .map(
      (item) =>
        `<li>${escapeHtml(itemLine(item))}: <a href="${escapeHtml(item.passUrl)}">${escapeHtml(item.passUrl)}</a></li>`,
    )
    .join('')}</ul>`;
  const invoiceHtml = `<a href="${escapeHtml(content.invoiceUrl)}">${escapeHtml(text('email.invoice'))}</a>`;
  const template = ownText(content.email.template, locale);
  const body = template
    ? template
        .replace(/\{\{orderNumber\}\}/g, escapeHtml(content.orderNumber))
        .replace(/\{\{eshopName\}\}/g, escapeHtml(content.eshopName))
        .replace(/\{\{total\}\}/g, escapeHtml(total))
        .replace(/\{\{items\}\}/g, itemsHtml)
        .replace(/\{\{invoiceUrl\}\}/g, invoiceHtml)
    : `<p>${escapeHtml(thanks)}</p>
<p>${escapeHtml(text('email.tickets'))}</p>
${itemsHtml}
<p>${invoiceHtml}</p>`;
  // before the e-shop's own template too: no template can leave it out
  const html = content.testPayment ? `<p><strong>${escapeHtml(notice)}</strong></p>\n${body}` : body;
  return {
    to: content.to,
    subject,
    text: plain,
    html,
    ...(content.invoice ? { attachments: [content.invoice] } : {}),
  };
}
