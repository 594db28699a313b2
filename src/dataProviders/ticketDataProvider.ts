import type { SalesRow, TransactionRow, AccountingWhere } from '../../domain/schemas/accounting';
import type { PaymentStateAnswer } from '../../domain/schemas/order';
import { createCoreDataProvider, type CoreDataProvider } from './coreDataProvider';
import { createDataProvider, type ApiDataProvider } from './createDataProvider';
import type { HttpClient } from './httpClient';
import { isTicketResource, ticketResources } from './resourceRegistry';

/** The ticket calls that are not CRUD (spec section 7). */
export interface TicketCalls {
  /** GET {ticket}/v1/order/{id}/sendMail: the order's email once more (paid orders only). */
  sendOrderMail: (orderId: string) => Promise<void>;
  /** POST {ticket}/v1/order/{id}/updatePaymentState: the gateway asked again. */
  updatePaymentState: (orderId: string) => Promise<PaymentStateAnswer>;
  /** GET {ticket}/v1/order/{id}/invoice: the PDF invoice (paid orders only). */
  getInvoice: (orderId: string) => Promise<Blob>;
  /** GET {ticket}/v1/sale or /v1/transaction with where {eshopId?, from, to}: the accounting tabs' rows. */
  getAccounting: <Kind extends 'sale' | 'transaction'>(
    kind: Kind,
    where: AccountingWhere,
  ) => Promise<Kind extends 'sale' ? SalesRow[] : TransactionRow[]>;
}

/** What the console's screens call: the core API, and the ticket API for `ticket/...` resources. */
export type ConsoleDataProvider = CoreDataProvider & TicketCalls;

type Generic = Omit<ApiDataProvider, 'supportAbortSignal'>;
const GENERIC_METHODS: ReadonlyArray<keyof Generic> = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
  'getCompleteList',
  'batch',
  'history',
];

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
      return rows as never;
    },
  };
}

/** A file of the API, as a Blob, with the bearer token (the invoice opened in a new window). */
export function createBlobFetcher(getToken: () => string | null, fetchImpl?: typeof fetch) {
  return async (url: string): Promise<Blob> => {
    const token = getToken();
    // read at call time: the global fetch may come later than this provider (tests)
    const response = await (fetchImpl ?? fetch)(url, {
      credentials: 'include',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText || (await response.text())}`);
    return response.blob();
  };
}

/**
 * The console's data provider: `ticket/...` resources go to the ticket API, every other to the core API.
 *
 * @example createConsoleDataProvider(config, httpClient, () => session.token())
 */
export function createConsoleDataProvider(
  config: { coreApi: string; ticketApi: string },
  httpClient: HttpClient,
  getToken: () => string | null,
): ConsoleDataProvider {
  const core = createCoreDataProvider(config.coreApi, httpClient);
  const ticket = createDataProvider(config.ticketApi, httpClient, ticketResources);
  const routed = Object.fromEntries(
    GENERIC_METHODS.map((method) => [
      method,
      (resource: string, ...rest: unknown[]) =>
        (
          (isTicketResource(resource) ? ticket : core)[method] as unknown as (
            ...args: unknown[]
          ) => Promise<unknown>
        )(resource, ...rest),
    ]),
  );
  return {
    ...core,
    ...(routed as unknown as Generic),
    ...createTicketCalls(config.ticketApi, httpClient, createBlobFetcher(getToken)),
  };
}
