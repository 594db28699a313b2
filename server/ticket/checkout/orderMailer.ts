import type { ServerConfig } from '../../config';
import type { Db } from '../../db/database';
import type { EshopRow, OrderRow } from '../../db/tables';
import { passLink } from '../../distribution/publicLinks';
import { eshopTexts } from '../../../domain/ticket/eshopVersions';
import { invoicePdf } from '../invoice';
import type { RenderInvoice } from '../invoiceThreads';
import type { OrderMailer } from '../orderMailer';
import { orderItemRepository } from '../../repositories/orderItemRepository';
import { CHECKOUT, writeOrder } from '../orderTrail';
import type { MailReceipt, MailTransport } from './mailTransport';
import { orderEmail } from './orderEmail';

/**
 * The OrderMailer of the server: the order's email with a pass link per issued item, the invoice link and the
 * invoice itself (PDF attached), through
 * the mail transport (SMTP, or .eml files); the send is stamped on the order (emailSentAt, state emailSent).
 *
 * @example setTicketServices(context, { mailer: createOrderMailer({ db, liveEshop, config, transport, invoiceUrl }) })
 */
export function createOrderMailer(deps: {
  db: Db;
  /** the live e-shop of an id, from memory while its table is unchanged (the checkout's) */
  liveEshop: (id: string) => Promise<EshopRow | undefined>;
  config: Pick<ServerConfig, 'publicUrl' | 'passBase' | 'auditTrail'>;
  transport: MailTransport;
  /** the signed link of the order's invoice PDF */
  invoiceUrl: (order: OrderRow) => string;
  /** each message sent, e.g. for tests */
  onSent?: (order: OrderRow, receipt: MailReceipt) => void;
  /** payments go through the simulated bank: every email says no money was taken */
  testPayments: boolean;
  /** renders the attached invoice (worker threads in the server); in this thread when not given */
  renderInvoice?: RenderInvoice;
}): OrderMailer {
  const renderInvoice = deps.renderInvoice ?? invoicePdf;
  return {
    async sendOrderMail(order, actor = CHECKOUT, liveItems) {
      const eshop = await deps.liveEshop(order.eshopId);
      const items = liveItems ?? (await orderItemRepository.liveOfOrder(deps.db, order.id));
      const message = orderEmail({
        to: order.email,
        texts: eshopTexts(
          {
            eshopVersion: eshop?.eshopVersion ?? '',
            locales: (eshop?.locales ?? []) as string[],
            messages: (eshop?.messages ?? {}) as Record<string, Record<string, string>>,
          },
          order.locale,
        ),
        orderNumber: order.orderNumber,
        eshopName: eshop?.name ?? '',
        totalWithVat: Number(order.totalWithVat),
        currency: order.currency,
        items: items
          .filter((item) => item.passId && item.itemNumber)
          .map((item) => ({
            productName: item.productName,
            itemNumber: item.itemNumber as string,
            validFrom: item.validFrom,
            validTo: item.validTo,
            passUrl: passLink(deps.config, item.passId as string),
          })),
        invoiceUrl: deps.invoiceUrl(order),
        email: (eshop?.email ?? {}) as {
          subject?: Record<string, string>;
          template?: Record<string, string>;
        },
        testPayment: deps.testPayments,
      });
      if (eshop) {
        const invoice = await renderInvoice(eshop, order, items);
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
  };
}
