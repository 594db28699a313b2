import { escapeHtml } from '../../distribution/html';
import type { MailAttachment, MailMessage } from './mailTransport';
import { TEST_PAYMENT_NOTICE } from './simulatedGateway';

export interface OrderEmailItem {
  productName: string;
  itemNumber: string;
  validFrom: Date | null;
  validTo: Date | null;
  passUrl: string;
}

export interface OrderEmailContent {
  to: string;
  locale: string;
  orderNumber: string;
  eshopName: string;
  totalWithVat: number;
  currency: string;
  items: OrderEmailItem[];
  invoiceUrl: string;
  invoice?: MailAttachment;
  /** the e-shop's email settings: subject and HTML template by locale */
  email: { subject?: Record<string, string>; template?: Record<string, string> };
  /** paid through the simulated bank: the subject and the first line say that no money was taken */
  testPayment?: boolean;
}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '—');

function textOf(texts: Record<string, string> | undefined, locale: string): string | undefined {
  const text = texts?.[locale] ?? Object.values(texts ?? {})[0];
  return text && text.trim() ? text : undefined;
}

/**
 * The order email: a line per ticket with its number, validity and pass link, the total, and the invoice link.
 * An e-shop's own HTML template (email.template[locale]) may place the parts with {{orderNumber}}, {{eshopName}},
 * {{total}}, {{items}} and {{invoiceUrl}}; without one, a plain layout is used.
 *
 * @example const message = orderEmail({ to, locale: 'cs', orderNumber, eshopName, ... })
 */
export function orderEmail(content: OrderEmailContent): MailMessage {
  const total = `${content.totalWithVat.toFixed(2)} ${content.currency}`;
  const eshopSubject =
    textOf(content.email.subject, content.locale)?.replace(/\{\{orderNumber\}\}/g, content.orderNumber) ??
    `${content.eshopName}: order ${content.orderNumber}`;
  const subject = content.testPayment ? `[${TEST_PAYMENT_NOTICE}] ${eshopSubject}` : eshopSubject;
  const lines = content.items.map(
    (item) =>
      `${item.productName} no. ${item.itemNumber}, valid ${day(item.validFrom)} to ${day(item.validTo)}: ${item.passUrl}`,
  );
  const text = [
    ...(content.testPayment ? [TEST_PAYMENT_NOTICE, ''] : []),
    `Thank you for your order ${content.orderNumber} (${total}).`,
    '',
    'Your tickets (open each link on your phone to add it to Apple Wallet or Google Wallet):',
    ...lines,
    '',
    `Invoice: ${content.invoiceUrl}`,
  ].join('\n');
  const itemsHtml = `<ul>${content.items
    .map(
      (item) =>
        `<li>${escapeHtml(item.productName)} no. ${escapeHtml(item.itemNumber)}, valid ${day(item.validFrom)} to ${day(item.validTo)}: <a href="${escapeHtml(item.passUrl)}">${escapeHtml(item.passUrl)}</a></li>`,
    )
    .join('')}</ul>`;
  const invoiceHtml = `<a href="${escapeHtml(content.invoiceUrl)}">${escapeHtml(content.invoiceUrl)}</a>`;
  const template = textOf(content.email.template, content.locale);
  const body = template
    ? template
        .replace(/\{\{orderNumber\}\}/g, escapeHtml(content.orderNumber))
        .replace(/\{\{eshopName\}\}/g, escapeHtml(content.eshopName))
        .replace(/\{\{total\}\}/g, escapeHtml(total))
        .replace(/\{\{items\}\}/g, itemsHtml)
        .replace(/\{\{invoiceUrl\}\}/g, invoiceHtml)
    : `<p>Thank you for your order ${escapeHtml(content.orderNumber)} (${escapeHtml(total)}).</p>
<p>Your tickets (open each link on your phone to add it to Apple Wallet or Google Wallet):</p>
${itemsHtml}
<p>Invoice: ${invoiceHtml}</p>`;
  // before the e-shop's own template too: no template can leave it out
  const html = content.testPayment ? `<p><strong>${TEST_PAYMENT_NOTICE}</strong></p>\n${body}` : body;
  return {
    to: content.to,
    subject,
    text,
    html,
    ...(content.invoice ? { attachments: [content.invoice] } : {}),
  };
}
