import type { PaymentState } from '../../../domain/schemas/order';
import type { ProductPeriod } from '../../../domain/schemas/product';
import { canMovePayment } from '../../../domain/ticket/paymentStates';
import { roundMoney } from '../../../domain/ticket/pricing';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/database';
import type { OrderItemRow, OrderRow, ProductRow } from '../../db/tables';
import { passLink } from '../../distribution/publicLinks';
import { HttpError, badRequest, conflict, notFound, type FieldError } from '../../http/errors';
import { passResource } from '../../../domain/schemas/pass';
import { entryCounts } from '../gate/entryCounts';
import { recordChanges, type RowChange } from '../../engine/auditTrail';
import { orderRepository } from '../../repositories/orderRepository';
import { entityOf } from '../../engine/crudService';
import { definitionNamed } from '../../resources';
import { CHECKOUT, PAYMENT_GATEWAY, orderChange, orderItemChange } from '../orderTrail';
import { movePayment } from '../paymentStateService';
import { eshopRepository } from '../../repositories/eshopRepository';
import { orderItemRepository } from '../../repositories/orderItemRepository';
import type { JobQueue } from '../../jobs/jobQueue';
import { orderMailJob } from './orderMailJob';
import { checkoutRepository, type NewOrderLine } from './checkoutRepository';
import type { CheckoutOrderBody } from './checkoutSchemas';
import { customerDataErrors } from './customerData';
import { itemNumber, orderNumber, serialKeys } from './numbering';
import type { CheckoutGateway } from './simulatedGateway';
import type { OrderStatusTokens } from './statusToken';
import type { InvoiceLinkQuery, InvoiceLinks } from './invoiceLinks';
import { paidOrderInvoice } from '../paidOrderInvoice';
import { itemValidity } from './validity';

export interface CheckoutDependencies {
  db: Db;
  config: Pick<ServerConfig, 'publicUrl' | 'passBase' | 'ticketApiBase' | 'auditTrail'>;
  gateway: CheckoutGateway;
  /** the queue that sends the email of a paid order (the orderMail job) */
  jobs: Pick<JobQueue, 'enqueue' | 'wake'>;
  tokens: OrderStatusTokens;
  invoiceLinks: InvoiceLinks;
  /** where the flow's failures after payment go (a pass that could not be issued) */
  log: (error: unknown, message: string) => void;
}

const invalid = (errors: FieldError[]) =>
  badRequest(
    `Invalid order: ${errors.map((error) => `"${error.path}" ${error.message}`).join('; ')}.`,
    errors,
  );

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The public checkout: orders, their payment, and what a paid order gets (numbers, passes, the email). */
export function createCheckoutService(deps: CheckoutDependencies) {
  const { db, gateway, tokens } = deps;
  /** Runs writes of the checkout in one transaction with their audit entries, under the checkout's name. */
  const audited = <T>(write: (trx: Db) => Promise<T>, changes: (result: T) => RowChange[]): Promise<T> =>
    db.transaction().execute(async (trx) => {
      const result = await write(trx);
      await recordChanges({ db: trx, config: deps.config }, CHECKOUT, changes(result));
      return result;
    });
  const trail = { db, config: deps.config };
  const statusPath = (order: Pick<OrderRow, 'id' | 'eshopId'>) =>
    `${deps.config.ticketApiBase}/public/v1/eshop/${order.eshopId}/order/${order.id}?token=${tokens.of(order.id)}`;

  /** The rules of spec section 3 and issue 7: active e-shop, its active products, the limits of both. */
  async function checkedOrder(eshopId: string, body: CheckoutOrderBody) {
    const dataErrors = customerDataErrors(body.items);
    if (dataErrors.length) throw invalid(dataErrors);
    const eshop = await eshopRepository.findLive(db, eshopId);
    if (!eshop) throw notFound('E-shop');
    if (!eshop.active) throw invalid([{ path: '/eshopId', message: 'is an e-shop that does not sell now' }]);
    const locales = strings(eshop.locales);
    if (!locales.includes(body.locale))
      throw invalid([
        { path: '/locale', message: `must be one of the e-shop's locales (${locales.join(', ')})` },
      ]);
    const products = new Map(
      (
        await checkoutRepository.findLiveProducts(db, [...new Set(body.items.map((item) => item.productId))])
      ).map((product) => [product.id, product]),
    );
    const errors: FieldError[] = [];
    const countOf = new Map<string, number>();
    body.items.forEach((item, index) => {
      const product = products.get(item.productId);
      if (!product || product.eshopId !== eshop.id)
        errors.push({ path: `/items/${index}/productId`, message: 'is not a product of this e-shop' });
      else if (!product.active) errors.push({ path: `/items/${index}/productId`, message: 'is not on sale' });
      countOf.set(item.productId, (countOf.get(item.productId) ?? 0) + item.count);
    });
    if (errors.length) throw invalid(errors);
    body.items.forEach((item, index) => {
      const product = products.get(item.productId) as ProductRow;
      const count = countOf.get(item.productId) as number;
      if (count > product.maxItems && !errors.some((error) => error.message.includes(product.id)))
        errors.push({
          path: `/items/${index}/count`,
          message: `makes ${count} of product ${product.id}, more than its maxItems ${product.maxItems} in one order`,
        });
    });
    const count = body.items.reduce((sum, item) => sum + item.count, 0);
    if (count > eshop.maxItems)
      errors.push({
        path: '/items',
        message: `hold ${count} items, more than the e-shop's maxItems ${eshop.maxItems}`,
      });
    let totalWithoutVat = 0;
    let totalWithVat = 0;
    for (const item of body.items) {
      const product = products.get(item.productId) as ProductRow;
      totalWithoutVat += Number(product.priceWithoutVat) * item.count;
      totalWithVat += Number(product.priceWithVat) * item.count;
    }
    totalWithVat = roundMoney(totalWithVat);
    if (totalWithVat > Number(eshop.maxPriceWithVat))
      errors.push({
        path: '/items',
        message: `cost ${totalWithVat} with VAT, more than the e-shop's maxPriceWithVat ${Number(eshop.maxPriceWithVat)}`,
      });
    if (errors.length) throw invalid(errors);
    const lines: NewOrderLine[] = body.items.map((item) => {
      const product = products.get(item.productId) as ProductRow;
      return {
        item: {
          productId: product.id,
          productName: product.name,
          productMaxEntries: product.maxEntries,
          priceWithoutVat: Number(product.priceWithoutVat),
          vat: Number(product.vat),
          price: Number(product.priceWithVat),
          templateId: strings(product.templateIds)[0],
        },
        count: item.count,
        data: item.data ?? null,
      };
    });
    return { eshop, lines, totalWithoutVat: roundMoney(totalWithoutVat), totalWithVat };
  }

  /**
   * A paid order's items get their numbers and passes, each stage stamped; the customer's email (invoice attached)
   * is sent by the job queue after the answer.
   */
  async function fulfil(order: OrderRow): Promise<void> {
    const eshop = await eshopRepository.findLive(db, order.eshopId);
    const items = await orderItemRepository.liveOfOrder(db, order.id);
    const products = new Map(
      (await checkoutRepository.findLiveProducts(db, [...new Set(items.map((item) => item.productId))])).map(
        (product) => [product.id, product],
      ),
    );
    const soldAt = order.paymentSuccessAt ?? new Date();
    const keys = serialKeys(soldAt);
    const prefix = eshop?.orderPrefix ?? '';
    await audited(
      (trx) =>
        checkoutRepository.numberItems(
          trx,
          order,
          keys,
          (serials) => itemNumber(prefix, keys.day, serials.daySerial),
          (item: OrderItemRow) => {
            const period = products.get(item.productId)?.period as ProductPeriod | undefined;
            return itemValidity(period ?? { periodType: 'days', daysMaximalValidity: 1 }, soldAt);
          },
        ),
      (numbered) => [
        ...numbered.items.map((item) => orderItemChange(deps.config, item.before, item.after)),
        ...(numbered.order ? [orderChange(deps.config, numbered.order.before, numbered.order.after)] : []),
      ],
    );
    let failed = false;
    // the items of an order mostly share their template: read once each
    const templates = new Map<string, ReturnType<typeof checkoutRepository.findLiveTemplate>>();
    const templateOf = (id: string) => {
      if (!templates.has(id)) templates.set(id, checkoutRepository.findLiveTemplate(db, id));
      return templates.get(id) as ReturnType<typeof checkoutRepository.findLiveTemplate>;
    };
    for (const item of await orderItemRepository.liveOfOrder(db, order.id)) {
      if (item.passId) continue;
      try {
        const templateId = item.templateId ?? strings(products.get(item.productId)?.templateIds)[0];
        const template = templateId ? await templateOf(templateId) : undefined;
        if (!template) throw new Error(`the product's template ${templateId} was not found`);
        const dynamicData = {
          orderNumber: order.orderNumber,
          itemNumber: item.itemNumber,
          productName: item.productName,
          validFrom: item.validFrom?.toISOString() ?? null,
          validTo: item.validTo?.toISOString() ?? null,
          email: order.email,
          // the entries the gate counts (server/ticket/gate), shown on the pass's back
          ...entryCounts(item.entryCount, item.productMaxEntries),
        };
        await audited(
          (trx) => checkoutRepository.issuePass(trx, item.id, template, dynamicData),
          (issued) => [
            {
              resource: passResource.name,
              action: 'create',
              after: entityOf(definitionNamed(passResource.name), deps.config, issued.pass),
            },
            orderItemChange(deps.config, issued.item.before, issued.item.after),
          ],
        );
      } catch (error) {
        failed = true;
        deps.log(error, `the pass of order item ${item.id} was not issued`);
        await audited(
          (trx) => checkoutRepository.passFailed(trx, item.id),
          (write) => [orderItemChange(deps.config, write.before, write.after)],
        );
      }
    }
    // issued passes: the email's job is stored with the stage, so the order has its email whatever happens next
    await audited(
      async (trx) => {
        const write = await checkoutRepository.orderStage(trx, order.id, failed ? 'failed' : 'passesIssued');
        if (!failed) await deps.jobs.enqueue(trx, orderMailJob(order.id));
        return write;
      },
      (write) => [orderChange(deps.config, write.before, write.after)],
    );
    deps.jobs.wake();
  }

  return {
    /** Numbers, passes and the email of an order just paid (also after a refresh in the back office). */
    fulfil,

    /** Creates the order and its items in one transaction, then asks the gateway for the payment. */
    async createOrder(eshopId: string, body: CheckoutOrderBody) {
      const checked = await checkedOrder(eshopId, body);
      const { eshop } = checked;
      const year = new Date().getUTCFullYear();
      const { order } = await audited(
        async (trx) => {
          const yearSerial = await checkoutRepository.nextOrderSerial(trx, eshop.id, year);
          return checkoutRepository.insertOrder(
            trx,
            {
              eshopId: eshop.id,
              projectId: eshop.projectId,
              orderNumber: orderNumber(eshop.orderPrefix, year, yearSerial),
              yearSerial,
              locale: body.locale,
              email: body.email,
              currency: eshop.currency,
              totalWithoutVat: checked.totalWithoutVat,
              totalWithVat: checked.totalWithVat,
            },
            checked.lines,
          );
        },
        (placed) => [
          orderChange(deps.config, undefined, placed.order),
          ...placed.items.map((item) => orderItemChange(deps.config, undefined, item)),
        ],
      );
      let payment;
      try {
        payment = await gateway.createPayment(order);
      } catch (error) {
        deps.log(error, `the payment of order ${order.orderNumber} was not requested`);
        throw new HttpError(
          502,
          'The payment gateway did not answer; the order was kept, try to pay it later.',
        );
      }
      await audited(
        (trx) =>
          checkoutRepository.paymentRequested(trx, order.id, {
            paymentId: payment.paymentId,
            paymentServiceBaseUrl: payment.paymentServiceBaseUrl,
            paymentMethod: payment.paymentMethod,
          }),
        (write) => [orderChange(deps.config, write.before, write.after)],
      );
      return {
        orderId: order.id,
        orderNumber: order.orderNumber,
        paymentUrl: payment.paymentUrl,
        statusToken: tokens.of(order.id),
        statusUrl: `${deps.config.publicUrl}${statusPath(order)}`,
        totalWithoutVat: checked.totalWithoutVat,
        totalWithVat: checked.totalWithVat,
        currency: order.currency,
      };
    },

    /** An order of the e-shop whose status token matches; 404 otherwise, as for an unknown order. */
    async orderWithToken(eshopId: string, orderId: string, token: string | undefined): Promise<OrderRow> {
      const order = await orderRepository.findLive(db, orderId);
      if (!order || order.eshopId !== eshopId || !tokens.check(order.id, token)) throw notFound('Order');
      return order;
    },

    /** What the e-shop front shows: the order's state and, once issued, its tickets with their pass links. */
    async orderStatus(order: OrderRow) {
      const items = await orderItemRepository.liveOfOrder(db, order.id);
      return {
        orderId: order.id,
        orderNumber: order.orderNumber,
        state: order.state,
        paymentState: order.paymentState,
        email: order.email,
        currency: order.currency,
        totalWithoutVat: Number(order.totalWithoutVat),
        totalWithVat: Number(order.totalWithVat),
        items: items.map((item) => ({
          id: item.id,
          productId: item.productId,
          productName: item.productName,
          price: Number(item.price),
          state: item.state,
          itemNumber: item.itemNumber,
          validFrom: item.validFrom?.toISOString() ?? null,
          validTo: item.validTo?.toISOString() ?? null,
          passUrl: item.passId ? passLink(deps.config, item.passId) : null,
        })),
      };
    },

    /**
     * Asks the gateway for the order's payment state and applies it (spec section 4). Of concurrent calls, one moves
     * the state (a conditional update); the others see the move done. Only the mover of a payment to paid numbers
     * the items, issues the passes and sends the email, so an order is never fulfilled twice. 409 for an illegal move.
     */
    async applyPaymentResult(order: OrderRow): Promise<{ paymentState: PaymentState; changed: boolean }> {
      const from = order.paymentState as PaymentState;
      const { paymentState: to } = await gateway.status(order);
      // unknown: the gateway cannot tell (e.g. it lost the payment); the order keeps the state it knows
      if (to === from || to === 'unknown') {
        await orderRepository.countPaymentCheck(db, order.id);
        return { paymentState: from, changed: false };
      }
      if (!canMovePayment(from, to)) {
        if (from === 'timeout' && to === 'paid')
          deps.log(
            new Error(`paid after its payment timed out`),
            `order ${order.orderNumber} was paid at the gateway after it timed out: refund the payment`,
          );
        throw conflict({
          en: `The payment of order ${order.orderNumber} cannot move from ${from} to ${to}.`,
          cs: `Platba objednávky ${order.orderNumber} nemůže přejít ze stavu ${from} do stavu ${to}.`,
        });
      }
      const moved = await movePayment(trail, PAYMENT_GATEWAY, order, to);
      if (!moved) {
        const now = await orderRepository.findLive(db, order.id);
        if (now?.paymentState === to) return { paymentState: to, changed: false };
        throw conflict({
          en: `The payment of order ${order.orderNumber} changed meanwhile (now ${now?.paymentState}).`,
          cs: `Platba objednávky ${order.orderNumber} se mezitím změnila (nyní ${now?.paymentState}).`,
        });
      }
      if (to === 'paid') await fulfil(moved);
      return { paymentState: to, changed: true };
    },

    /**
     * The invoice PDF behind an order email's signed link: 403 for a changed or incomplete link (another order's id
     * included), 410 once expired, 404 for an order no longer there, 409 for one not paid.
     */
    async invoiceByLink(eshopId: string, orderId: string, query: InvoiceLinkQuery) {
      const check = deps.invoiceLinks.check(orderId, query);
      if (check === 'tampered')
        throw new HttpError(
          403,
          'This invoice link is not valid: it was changed or cut short. Please open the link from your order email.',
        );
      if (check === 'expired')
        throw new HttpError(
          410,
          'This invoice link has expired. Please ask the e-shop to send you the invoice.',
        );
      const order = await orderRepository.findLive(db, orderId);
      if (!order || order.eshopId !== eshopId) throw notFound('Order');
      return paidOrderInvoice(db, order);
    },

    async orderByPaymentId(paymentId: string): Promise<OrderRow> {
      const order = await checkoutRepository.findOrderByPaymentId(db, paymentId);
      if (!order) throw notFound('Order');
      return order;
    },

    statusUrl: (order: Pick<OrderRow, 'id' | 'eshopId'>) => `${deps.config.publicUrl}${statusPath(order)}`,
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
