import { paidThroughSimulatedBank } from '../gateways/gatewaySettings';
import type { ServerConfig } from '../../../kernel/config';
import type { Db } from '../../../kernel/db/database';
import type { EshopRow, OrderRow, RefundRow } from '../../../kernel/db/tables';
import { recordChange } from '../../../kernel/engine/auditTrail';
import type { EshopStyles } from '../../../../domain/schemas/eshop';
import { eshopTexts } from '../../../../domain/ticket/eshopVersions';
import { invoicePdf } from '../invoice';
import { invoiceItems } from '../invoiceContent';
import type { RenderInvoice } from '../invoiceThreads';
import type { OrderMailer } from '../orderMailer';
import { orderTickets } from '../orderTickets';
import { walletBundleLinks } from '../walletBundle';
import { orderItemRepository } from '../orderItemRepository';
import { CHECKOUT, writeOrder } from '../orderTrail';
import type { MailReceipt, MailTransport } from '../../../kernel/mail/mailTransport';
import { orderEmail } from './orderEmail';
import { refundEmail } from './refundEmail';
import { refundCreditNote } from '../refunds/refundCreditNote';
import { refundRepository } from '../refunds/refundRepository';
import { refundChange } from '../refunds/refundResource';

/**
 * The OrderMailer of the server: the order's email with Add all to Apple Wallet (two valid passes or more) and each
 * issued ticket (its holder, Apple and Google Wallet links, its page), the order's page, the invoice link and the invoice itself (PDF attached), through the mail
 * transport (SMTP, or .eml files); the send is stamped on the order (emailSentAt, state emailSent). The tickets are
 * one read (orderTickets); the items the caller read with the order are not read again.
 *
 * @example setTicketServices(context, { mailer: createOrderMailer({ db, liveEshop, config, transport, orderUrl, walletBundleUrl, invoiceUrl }) })
 */
export function createOrderMailer(deps: {
  db: Db;
  /** the live e-shop of an id, from memory while its table is unchanged (the checkout's) */
  liveEshop: (id: string) => Promise<EshopRow | undefined>;
  config: Pick<ServerConfig, 'publicUrl' | 'passBase' | 'auditTrail' | 'googleWallet'>;
  transport: MailTransport;
  /** the order's page: its status link */
  orderUrl: (order: OrderRow) => string;
  /** the order's .pkpasses file with its status token (walletBundleLinks adds the part and tag) */
  walletBundleUrl: (order: OrderRow) => string;
  /** the signed link of the order's invoice PDF */
  invoiceUrl: (order: OrderRow) => string;
  /** the signed link of a refund's credit note PDF */
  creditNoteUrl: (refund: RefundRow) => string;
  /** each message sent (with its refund, for a refund's), e.g. for tests */
  onSent?: (order: OrderRow, receipt: MailReceipt, refund?: RefundRow) => void;
  /** renders the attached invoice (worker threads in the server); in this thread when not given */
  renderInvoice?: RenderInvoice;
}): OrderMailer {
  const renderInvoice = deps.renderInvoice ?? invoicePdf;
  const textsOf = (eshop: EshopRow | undefined, order: OrderRow) =>
    eshopTexts(
      {
        eshopVersion: eshop?.eshopVersion ?? '',
        locales: (eshop?.locales ?? []) as string[],
        messages: (eshop?.messages ?? {}) as Record<string, Record<string, string>>,
      },
      order.locale,
    );
  return {
    async sendOrderMail(order, actor = CHECKOUT, liveItems) {
      const [eshop, items, tickets] = await Promise.all([
        deps.liveEshop(order.eshopId),
        liveItems ?? orderItemRepository.liveOfOrder(deps.db, order.id),
        orderTickets(deps.db, deps.config, order.id, 'email'),
      ]);
      const message = orderEmail({
        to: order.email,
        texts: textsOf(eshop, order),
        orderNumber: order.orderNumber,
        eshopName: eshop?.name ?? '',
        totalWithVat: Number(order.totalWithVat),
        currency: order.currency,
        // the issued tickets: those with a number and a pass
        tickets: tickets.flatMap(({ productName, holderName, itemNumber, validFrom, validTo, links }) =>
          links && itemNumber ? [{ productName, holderName, itemNumber, validFrom, validTo, links }] : [],
        ),
        walletBundles: walletBundleLinks(deps.walletBundleUrl(order), tickets, 'email'),
        orderUrl: deps.orderUrl(order),
        invoiceUrl: deps.invoiceUrl(order),
        email: (eshop?.email ?? {}) as {
          subject?: Record<string, string>;
          template?: Record<string, string>;
        },
        styles: (eshop?.styles ?? {}) as EshopStyles,
        // paid through the simulated bank: the email says no money was taken
        testPayment: paidThroughSimulatedBank(order),
      });
      if (eshop) {
        const holders = new Map(tickets.map((ticket) => [ticket.id, ticket.holderName]));
        const invoice = await renderInvoice(eshop, order, invoiceItems(items, holders));
        message.attachments = [
          ...(message.attachments ?? []),
          { filename: `invoice-${order.orderNumber}.pdf`, content: invoice, contentType: 'application/pdf' },
        ];
      }
      const receipt = await deps.transport.send(message);
      await writeOrder({ db: deps.db, config: deps.config }, actor, order, {
        state: 'emailSent',
        emailSentAt: new Date(),
      });
      deps.onSent?.(order, receipt);
    },

    async sendRefundMail(order, refund) {
      const [eshop, items] = await Promise.all([
        deps.liveEshop(order.eshopId),
        orderItemRepository.liveOfOrder(deps.db, order.id),
      ]);
      const refunded = new Set(refund.itemIds as string[]);
      const creditNote = refund.creditNoteNumber ? await refundCreditNote(deps.db, refund, order) : undefined;
      const message = refundEmail({
        to: order.email,
        texts: textsOf(eshop, order),
        eshopName: eshop?.name ?? '',
        orderNumber: order.orderNumber,
        amount: Number(refund.amount),
        currency: refund.currency,
        reason: refund.reason,
        latePayment: order.latePaymentAt !== null && order.paymentState !== 'paid',
        voided: items
          .filter((item) => refunded.has(item.id) && item.itemNumber)
          .map((item) => ({
            productName: item.productTitle ?? item.productName,
            itemNumber: item.itemNumber ?? '',
          })),
        orderUrl: deps.orderUrl(order),
        ...(creditNote && refund.creditNoteNumber
          ? {
              creditNote: {
                number: refund.creditNoteNumber,
                url: deps.creditNoteUrl(refund),
                pdf: {
                  filename: creditNote.fileName,
                  content: creditNote.pdf,
                  contentType: 'application/pdf',
                },
              },
            }
          : {}),
        styles: (eshop?.styles ?? {}) as EshopStyles,
        testPayment: paidThroughSimulatedBank(order),
      });
      const receipt = await deps.transport.send(message);
      const stamped = await refundRepository.stampEmail(deps.db, refund.id);
      if (stamped)
        await recordChange(
          { db: deps.db, config: deps.config },
          CHECKOUT,
          refundChange(deps.config, refund, stamped),
        );
      deps.onSent?.(order, receipt, refund);
    },
  };
}
