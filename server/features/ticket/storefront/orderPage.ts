import { formatDay } from '../../../../domain/ticket/days';
import { formatMoney } from '../../../../domain/ticket/money';
import { isPaid } from '../../../../domain/ticket/paymentStates';
import type { EshopRow, OrderRow } from '../../../kernel/db/tables';
import { ticketQrSvg, escapeHtml, type HtmlPage } from '../../distribution';
import type { OrderTicket } from '../orderTickets';
import type { WalletBundleLink } from '../walletBundle';
import { shopHref, shopPage } from './shopPage';
import type { ShopTexts } from './storefrontTexts';

export interface OrderView {
  order: Pick<OrderRow, 'eshopId' | 'orderNumber' | 'state' | 'paymentState' | 'totalWithVat' | 'currency'>;
  /** undefined once the e-shop is deleted: the order still shows, in the default look */
  eshop: EshopRow | undefined;
  texts: ShopTexts;
  tickets: OrderTicket[];
  /** "Add all to Apple Wallet", once the order has two valid passes or more (a link per ten) */
  walletBundles: WalletBundleLink[];
  /** the payment's page while it waits, when the gateway has one */
  paymentUrl: string | undefined;
  /** the signed link of the invoice, once paid */
  invoiceUrl: string | undefined;
  simulatedPayments: boolean;
  /** what the customer got back: each succeeded refund's amount and credit note (a late payment's has none) */
  refunds: Array<{ amount: number; creditNote?: { number: string; url: string } }>;
}

/** Where the order stands, said plainly: its text, and whether to offer Pay and a new look. */
function standingOf(view: OrderView): { text: string; pay: boolean; reload: boolean } {
  const { order, texts, tickets } = view;
  const said = (key: string, options: { pay?: boolean; reload?: boolean } = {}) => ({
    text: texts.text(key, { orderNumber: order.orderNumber }),
    pay: options.pay ?? false,
    reload: options.reload ?? false,
  });
  switch (order.paymentState) {
    case 'paid':
      if (order.state === 'failed' || tickets.some((ticket) => ticket.state === 'failed'))
        return said('shop.order.failed');
      if (tickets.some((ticket) => !ticket.links)) return said('shop.order.issuing', { reload: true });
      return said('payment.paid');
    case 'declined3D':
    case 'declinedAC':
      return said('payment.declined');
    case 'canceled':
    case 'timeout':
    case 'error':
      return said(`payment.${order.paymentState}`);
    default:
      // pending, or unknown: the gateway has not told yet
      return said('payment.pending', { pay: true, reload: true });
  }
}

/** A ticket as its holder uses it: who, what, when, its number, the QR code the gate scans, and its wallet links. */
function ticketCard(ticket: OrderTicket, texts: ShopTexts): string {
  const { links } = ticket;
  if (!links) return '';
  const text = (key: string) => escapeHtml(texts.text(key));
  const day = (date: Date | null) => (date ? formatDay(date, texts.locale) : '—');
  const rows: Array<[string, string]> = [
    ...(ticket.holderName ? [[texts.text('shop.ticket.holder'), ticket.holderName] as [string, string]] : []),
    [texts.text('shop.ticket.validity'), `${day(ticket.validFrom)} – ${day(ticket.validTo)}`],
    [texts.text('shop.ticket.itemNumber'), ticket.itemNumber ?? '—'],
  ];
  const headingId = `ticket-${ticket.id}`;
  const qr = ticket.voided
    ? `<p class="voided" role="status">${text('shop.ticket.voided')}</p>`
    : `<div class="qr" role="img" aria-label="${text('shop.ticket.qr')}">${ticketQrSvg(ticket.ticketSecret)}</div>`;
  const google = links.googleWallet
    ? `<a class="button secondary" href="${escapeHtml(links.googleWallet)}">${text('shop.ticket.googleWallet')}</a>`
    : '';
  return `<article class="panel ticket" aria-labelledby="${escapeHtml(headingId)}">
<h3 id="${escapeHtml(headingId)}">${escapeHtml(ticket.productName)}</h3>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
${qr}
<a class="button" href="${escapeHtml(links.appleWallet)}">${text('shop.ticket.appleWallet')}</a>
${google}
<a class="button secondary" href="${escapeHtml(links.pdf)}">${text('shop.ticket.pdf')}</a>
</article>`;
}

/** "Add all to Apple Wallet", or one button per part of ten passes. */
function walletBundleButtons(links: WalletBundleLink[], texts: ShopTexts): string {
  return links
    .map((link) => {
      const label =
        link.parts > 1
          ? texts.text('wallet.addAllPart', { part: String(link.part), parts: String(link.parts) })
          : texts.text('wallet.addAll');
      return `<a class="button" href="${escapeHtml(link.url)}">${escapeHtml(label)}</a>`;
    })
    .join('\n');
}

/**
 * The order's page, in the order's language: its number and where it stands (paid, waiting for the payment with a
 * Pay link, declined, canceled, timed out), then, once paid and issued, Add all to Apple Wallet (two valid passes or
 * more) and each ticket with its holder, validity, number, QR code and wallet buttons, the invoice, and the refunds
 * with their credit notes. While anything is still to come, a link to look again.
 *
 * @example orderPage({ order, eshop, texts: shopTexts(eshop, order.locale), tickets, walletBundles, paymentUrl, invoiceUrl, simulatedPayments: true })
 */
export function orderPage(view: OrderView): HtmlPage {
  const { order, texts } = view;
  const standing = standingOf(view);
  const total = formatMoney(Number(order.totalWithVat), order.currency, texts.locale);
  const text = (key: string) => escapeHtml(texts.text(key));
  const pay =
    standing.pay && view.paymentUrl
      ? `<a class="button" href="${escapeHtml(view.paymentUrl)}">${text('shop.order.pay')}</a>`
      : '';
  const reload = standing.reload
    ? `<a class="button secondary" href="">${text('shop.order.reload')}</a>`
    : '';
  const paid = isPaid(order);
  const tickets = paid ? view.tickets.map((ticket) => ticketCard(ticket, texts)).filter(Boolean) : [];
  const bundles =
    paid && view.walletBundles.length
      ? `<p class="wallet-bundles">${walletBundleButtons(view.walletBundles, texts)}</p>\n`
      : '';
  const refunds = view.refunds.length
    ? `<h2>${text('shop.order.refunds')}</h2>
${view.refunds
  .map((refund) => {
    const amount = formatMoney(refund.amount, order.currency, texts.locale);
    const note = refund.creditNote
      ? ` <a class="button secondary" href="${escapeHtml(refund.creditNote.url)}">${escapeHtml(
          texts.text('refundEmail.creditNote', { creditNoteNumber: refund.creditNote.number }),
        )} (PDF)</a>`
      : '';
    return `<p>${escapeHtml(texts.text('shop.order.refunded', { amount }))}${note}</p>`;
  })
  .join('\n')}`
    : '';
  const invoice =
    paid && view.invoiceUrl
      ? `<p><a class="button secondary" href="${escapeHtml(view.invoiceUrl)}">${text('shop.order.invoice')}</a></p>`
      : '';
  const body = `<p class="state" role="status">${escapeHtml(standing.text)}</p>
<p>${escapeHtml(texts.text('shop.order.total', { total }))}</p>
${pay}${reload}
${tickets.length ? `<h2>${text('shop.order.tickets')}</h2>\n${bundles}${tickets.join('\n')}` : ''}
${invoice}
${refunds}
${view.eshop ? `<p><a href="${escapeHtml(shopHref(view.eshop.id, texts.locale))}">${text('shop.order.shop')}</a></p>` : ''}`;
  return shopPage({
    eshop: view.eshop,
    texts,
    heading: texts.text('shop.order.title', { orderNumber: order.orderNumber }),
    body,
    simulatedPayments: view.simulatedPayments,
    linkShop: true,
  });
}
