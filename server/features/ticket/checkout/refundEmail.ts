import type { EshopStyles } from '../../../../domain/schemas/eshop';
import type { eshopTexts } from '../../../../domain/ticket/eshopVersions';
import { formatMoney } from '../../../../domain/ticket/money';
import type { MailAttachment, MailMessage } from '../../../kernel/mail/mailTransport';
import { button, emailColors, emailDocument, paragraph, textLink } from './orderEmailHtml';

/** What the e-mail of a refund says. */
export interface RefundEmailContent {
  to: string;
  /** the e-shop's texts in the order's locale (or the e-shop's default one) */
  texts: ReturnType<typeof eshopTexts>;
  eshopName: string;
  orderNumber: string;
  amount: number;
  currency: string;
  reason: string;
  /** the payment came after the order timed out: no tickets were issued */
  latePayment: boolean;
  /** the tickets the refund voided */
  voided: Array<{ productName: string; itemNumber: string }>;
  /** the order's page */
  orderUrl: string;
  /** the credit note's number, its signed link and its PDF; none for a late payment (it had no invoice) */
  creditNote?: { number: string; url: string; pdf: MailAttachment };
  styles?: Pick<EshopStyles, 'brandPrimary' | 'headerColor'>;
  /** refunded through the simulated bank: the subject and the first line say that no money moved */
  testPayment?: boolean;
}

/**
 * The customer's e-mail of a succeeded refund, in the e-shop's locale, as HTML (the order e-mail's look) and plain
 * text: the amount given back and why, a late payment said as such, the tickets no longer valid, the order's page
 * and the credit note (linked, and its PDF attached).
 *
 * @example const message = refundEmail({ to, texts: eshopTexts(eshop, order.locale), amount, ... })
 */
export function refundEmail(content: RefundEmailContent): MailMessage {
  const { locale, text } = content.texts;
  const names = { orderNumber: content.orderNumber, eshopName: content.eshopName };
  const notice = text('email.testPayment');
  const subject = `${content.testPayment ? `[${notice}] ` : ''}${text('refundEmail.subject', names)}`;
  const refunded = text('refundEmail.refunded', {
    ...names,
    amount: formatMoney(content.amount, content.currency, locale),
  });
  const creditNoteLabel = content.creditNote
    ? text('refundEmail.creditNote', { creditNoteNumber: content.creditNote.number })
    : '';
  const lines = [
    refunded,
    text('refundEmail.reason', { reason: content.reason }),
    ...(content.latePayment ? [text('refundEmail.latePayment')] : []),
    text('refundEmail.arrival'),
  ];
  const voided = content.voided.map((ticket) => text('refundEmail.voidedTicket', ticket));
  const plain = [
    ...(content.testPayment ? [notice, ''] : []),
    ...lines,
    ...(voided.length ? ['', text('refundEmail.voided'), ...voided] : []),
    '',
    `${text('email.order')}: ${content.orderUrl}`,
    ...(content.creditNote ? [`${creditNoteLabel}: ${content.creditNote.url}`] : []),
  ].join('\n');
  const colors = emailColors(content.styles);
  const body = [
    ...lines.map((line) => paragraph(line)),
    ...(voided.length
      ? [
          paragraph(text('refundEmail.voided'), 'margin-bottom:4px;'),
          ...voided.map((line) => paragraph(line)),
        ]
      : []),
    `<p style="margin:24px 0 8px;">${button(content.orderUrl, text('email.order'), colors.brand, colors.brandText)}</p>`,
    ...(content.creditNote
      ? [`<p style="margin:0;">${textLink(content.creditNote.url, creditNoteLabel, colors)}</p>`]
      : []),
  ].join('\n');
  return {
    to: content.to,
    subject,
    text: plain,
    html: emailDocument({
      locale,
      title: subject,
      eshopName: content.eshopName,
      colors,
      notice: content.testPayment ? notice : undefined,
      body,
    }),
    ...(content.creditNote ? { attachments: [content.creditNote.pdf] } : {}),
  };
}
