import type {
  AccountingWhere,
  RefundTransactionRow,
  SalesRow,
  TransactionRow,
} from '../../domain/schemas/accounting';
import type { PaymentStateAnswer } from '../../domain/schemas/order';
import type { GatewayTestAnswer } from '../../domain/schemas/paymentGateway';
import type { CancelAnswer, CancelRequest, Refund, RefundRequest } from '../../domain/schemas/refund';
import type {
  EntryAnswer,
  EntryRequest,
  GateEshops,
  OfflineList,
  SyncAnswer,
  SyncRequest,
} from '../../domain/schemas/ticketEntry';
import { createDataProvider, type ApiDataProvider } from './createDataProvider';
import type { HttpClient } from './httpClient';
import { ticketResources } from './resourceRegistry';

/** The rows of each accounting tab's call. */
export interface AccountingRows {
  sale: SalesRow[];
  transaction: TransactionRow[];
  refundTransaction: RefundTransactionRow[];
}

/** The ticket calls that are not CRUD (spec section 7). */
export interface TicketCalls {
  /** GET {ticket}/v1/order/{id}/sendMail: the order's email once more (paid orders only). */
  sendOrderMail: (orderId: string) => Promise<void>;
  /** POST {ticket}/v1/order/{id}/updatePaymentState: the gateway asked again. */
  updatePaymentState: (orderId: string) => Promise<PaymentStateAnswer>;
  /** POST {ticket}/v1/eshop/{id}/testPaymentGateway: the e-shop's saved gateway settings tried (administrators). */
  testPaymentGateway: (eshopId: string) => Promise<GatewayTestAnswer>;
  /** GET {ticket}/v1/order/{id}/invoice: the PDF invoice (paid orders only). */
  getInvoice: (orderId: string) => Promise<Blob>;
  /** POST {ticket}/v1/order/{id}/refund: gives money back, whole, some items or an amount; answers the refund. */
  refundOrder: (orderId: string, body: RefundRequest) => Promise<Refund>;
  /** POST {ticket}/v1/order/{id}/cancel: closes an unpaid order's payment, or refunds a paid one whole. */
  cancelOrder: (orderId: string, body: CancelRequest) => Promise<CancelAnswer>;
  /** GET {ticket}/v1/refund/{id}/creditNote: the PDF credit note of a succeeded refund of a paid order. */
  getCreditNote: (refundId: string) => Promise<Blob>;
  /**
   * GET {ticket}/v1/sale, /v1/transaction or /v1/refundTransaction with where {eshopId?, from, to}: the accounting
   * tabs' rows.
   */
  getAccounting: <Kind extends keyof AccountingRows>(
    kind: Kind,
    where: AccountingWhere,
  ) => Promise<AccountingRows[Kind]>;
  /** POST {ticket}/v1/entry: a scan at the gate. */
  scanTicket: (body: EntryRequest) => Promise<EntryAnswer>;
  /** GET {ticket}/v1/entry/eshop: the e-shops whose tickets the viewer may check. */
  getGateEshops: () => Promise<GateEshops['data']>;
  /** GET {ticket}/v1/entry/offline?eshopId=: the signed list of an e-shop's tickets for a gate without network. */
  getOfflineList: (eshopId: string) => Promise<OfflineList>;
  /** POST {ticket}/v1/entry/sync: the scans queued offline. */
  syncEntries: (body: SyncRequest) => Promise<SyncAnswer>;
}

/** The ticket API: generic resources plus the calls that are not CRUD. */
export type TicketDataProvider = ApiDataProvider & TicketCalls;

/**
 * The ticket API's own calls, on its base.
 *
 * @example const calls = createTicketCalls('/api/ticket', httpClient, fetchWithToken);
 */
export function createTicketCalls(
  ticketApi: string,
  httpClient: HttpClient,
  fetchBlob: (url: string) => Promise<Blob>,
): TicketCalls {
  const orderUrl = (id: string) => `${ticketApi}/v1/order/${encodeURIComponent(id)}`;
  return {
    async sendOrderMail(orderId) {
      await httpClient(`${orderUrl(orderId)}/sendMail`);
    },
    async updatePaymentState(orderId) {
      const { json } = await httpClient(`${orderUrl(orderId)}/updatePaymentState`, { method: 'POST' });
      return json as PaymentStateAnswer;
    },
    getInvoice: (orderId) => fetchBlob(`${orderUrl(orderId)}/invoice`),
    async testPaymentGateway(eshopId) {
      const url = `${ticketApi}/v1/eshop/${encodeURIComponent(eshopId)}/testPaymentGateway`;
      return (await httpClient(url, { method: 'POST' })).json as GatewayTestAnswer;
    },
    async refundOrder(orderId, body) {
      const { json } = await httpClient(`${orderUrl(orderId)}/refund`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return json as Refund;
    },
    async cancelOrder(orderId, body) {
      const { json } = await httpClient(`${orderUrl(orderId)}/cancel`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return json as CancelAnswer;
    },
    getCreditNote: (refundId) =>
      fetchBlob(`${ticketApi}/v1/refund/${encodeURIComponent(refundId)}/creditNote`),
    async getAccounting(kind, where) {
      const query = new URLSearchParams({ where: JSON.stringify(where), limit: '1000' });
      const rows = [];
      for (let page = 1; ; page += 1) {
        query.set('page', String(page));
        if (page > 1) query.set('count', 'false');
        const { json } = await httpClient(`${ticketApi}/v1/${kind}?${query}`);
        const batch = (json as { data: unknown[] }).data;
        rows.push(...batch);
        if (kind === 'sale' || batch.length < 1000) break;
      }
      // the rows of the kind asked for, which the method's generic return type names
      return rows as never;
    },
    async scanTicket(body) {
      const { json } = await httpClient(`${ticketApi}/v1/entry`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return json as EntryAnswer;
    },
    async getGateEshops() {
      const { json } = await httpClient(`${ticketApi}/v1/entry/eshop`);
      return (json as GateEshops).data;
    },
    async getOfflineList(eshopId) {
      const { json } = await httpClient(`${ticketApi}/v1/entry/offline?${new URLSearchParams({ eshopId })}`);
      return json as OfflineList;
    },
    async syncEntries(body) {
      const { json } = await httpClient(`${ticketApi}/v1/entry/sync`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return json as SyncAnswer;
    },
  };
}

/**
 * @example const ticket = createTicketDataProvider(config.ticketApi, httpClient, createBlobFetcher(getToken));
 */
export function createTicketDataProvider(
  ticketApi: string,
  httpClient: HttpClient,
  fetchBlob: (url: string) => Promise<Blob>,
): TicketDataProvider {
  return {
    ...createDataProvider(ticketApi, httpClient, ticketResources),
    ...createTicketCalls(ticketApi, httpClient, fetchBlob),
  };
}
