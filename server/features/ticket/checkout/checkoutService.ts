import type { PaymentState } from '../../../../domain/schemas/order';
import type { ProductPeriod } from '../../../../domain/schemas/product';
import { canMovePayment } from '../../../../domain/ticket/paymentStates';
import { roundMoney } from '../../../../domain/ticket/pricing';
import type { ServerConfig } from '../../../kernel/config';
import type { Db } from '../../../kernel/db/database';
import crypto from 'node:crypto';
import type { EshopRow, OrderItemRow, OrderRow, ProductRow } from '../../../kernel/db/tables';
import { passLink, passDefinition, passRepository } from '../../passes';
import {
  HttpError,
  badRequest,
  conflict,
  isUniqueViolation,
  notFound,
  type FieldError,
} from '../../../kernel/http/errors';
import { passResource } from '../../../../domain/schemas/pass';
import { holderNameOf, ticketPassData, type TicketEvent } from '../../../../domain/ticket/ticketContract';
import {
  changeEntries,
  confirmEntry,
  type AuditActor,
  type PlannedEntry,
  type RowChange,
} from '../../../kernel/engine/auditTrail';
import { createLiveRowCache } from '../../../kernel/engine/liveRowCache';
import type { TableChanges } from '../../../kernel/db/tableChanges';
import { orderRepository } from '../orderRepository';
import { entityOf } from '../../../kernel/engine/crudService';
import {
  CHECKOUT,
  PAYMENT_GATEWAY,
  movePayment,
  orderChange,
  orderItemChange,
  writeOrder,
} from '../orderTrail';
import { orderItemRepository } from '../orderItemRepository';
import { publishIfHeard, type IntegrationEvents } from '../../../kernel/events/integrationEvents';
import { orderEventData } from '../orderEvents';
import type { JobQueue } from '../../../kernel/jobs/jobQueue';
import { orderMailJob } from './orderMailJob';
import {
  checkoutRepository,
  type IssuingTemplate,
  type ItemToFulfil,
  type NewOrderLine,
} from './checkoutRepository';
import type { CheckoutOrderBody } from './checkoutSchemas';
import { customerDataErrors } from './customerData';
import { itemNumber, serialKeys } from './numbering';
import type { GatewayRouter } from '../gateways/gatewayRouter';
import { storedSettingsOf } from '../gateways/gatewaySettings';
import { paymentCheckJob } from '../gateways/paymentCheckJob';
import { markLatePayment } from '../refunds/latePayments';
import type { OrderStatusTokens } from './statusToken';
import type { InvoiceLinkQuery, InvoiceLinks } from './invoiceLinks';
import { paidOrderInvoice } from '../paidOrderInvoice';
import { itemValidity } from './validity';

export interface CheckoutDependencies {
  db: Db;
  /** the tables' versions, which tell when the e-shops, products and templates kept in memory are stale */
  changes: TableChanges;
  /** the live e-shop of an id, from memory while its table is unchanged (shared with the order emails) */
  liveEshop: (id: string) => Promise<EshopRow | undefined>;
  config: Pick<ServerConfig, 'publicUrl' | 'passBase' | 'ticketApiBase' | 'auditTrail' | 'jobRetryBaseMs'>;
  /** the gateway of each e-shop and order */
  gateways: GatewayRouter;
  /** the queue that sends the email of a paid order (the orderMail job) and asks real gateways about payments */
  jobs: Pick<JobQueue, 'enqueueQuery' | 'wake' | 'add'>;
  tokens: OrderStatusTokens;
  invoiceLinks: InvoiceLinks;
  /** webhooks hear of an order paid (order.paid), in the transaction that moves it */
  integrationEvents: IntegrationEvents;
  /** where the flow's failures after payment go (a pass that could not be issued) */
  log: (error: unknown, message: string) => void;
}

const invalid = (errors: FieldError[]) =>
  badRequest(
    `Invalid order: ${errors.map((error) => `"${error.path}" ${error.message}`).join('; ')}.`,
    errors,
  );

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The buyer's company and VAT ID as the invoice shows them: trimmed, the VAT ID in capitals, none when empty. */
function buyerOf(body: CheckoutOrderBody): { buyerCompany: string | null; buyerVatId: string | null } {
  const company = body.buyer?.company?.trim();
  const vatId = body.buyer?.vatId?.trim().toUpperCase();
  return { buyerCompany: company || null, buyerVatId: vatId || null };
}

/** The public checkout: orders, their payment, and what a paid order gets (numbers, passes, the email). */
export function createCheckoutService(deps: CheckoutDependencies) {
  const { db, gateways, tokens } = deps;
  const trail = { db, config: deps.config };
  // read by every checkout and rarely changed: from memory while their tables are unchanged
  const products = createLiveRowCache<ProductRow>(deps.changes, 'product');
  const templates = createLiveRowCache<IssuingTemplate>(deps.changes, 'template');
  const statusPath = (order: Pick<OrderRow, 'id' | 'eshopId'>) =>
    `${deps.config.ticketApiBase}/public/v1/eshop/${order.eshopId}/order/${order.id}?token=${tokens.of(order.id)}`;

  /** The rules of spec section 3 and issue 7: active e-shop, its active products, the limits of both. */
  async function checkedOrder(eshopId: string, body: CheckoutOrderBody) {
    const dataErrors = customerDataErrors(body.items);
    if (dataErrors.length) throw invalid(dataErrors);
    const eshop = await deps.liveEshop(eshopId);
    if (!eshop) throw notFound('E-shop');
    if (!eshop.active) throw invalid([{ path: '/eshopId', message: 'is an e-shop that does not sell now' }]);
    const locales = strings(eshop.locales);
    if (!locales.includes(body.locale))
      throw invalid([
        { path: '/locale', message: `must be one of the e-shop's locales (${locales.join(', ')})` },
      ]);
    const ordered = await products.read(
      body.items.map((item) => item.productId),
      (ids) => checkoutRepository.findLiveProducts(db, ids),
    );
    const errors: FieldError[] = [];
    const countOf = new Map<string, number>();
    body.items.forEach((item, index) => {
      const product = ordered.get(item.productId);
      if (!product || product.eshopId !== eshop.id)
        errors.push({ path: `/items/${index}/productId`, message: 'is not a product of this e-shop' });
      else if (!product.active) errors.push({ path: `/items/${index}/productId`, message: 'is not on sale' });
      countOf.set(item.productId, (countOf.get(item.productId) ?? 0) + item.count);
    });
    if (errors.length) throw invalid(errors);
    body.items.forEach((item, index) => {
      const product = ordered.get(item.productId) as ProductRow;
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
      const product = ordered.get(item.productId) as ProductRow;
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
      const product = ordered.get(item.productId) as ProductRow;
      const title = (product.title as Record<string, string> | null)?.[body.locale]?.trim();
      return {
        item: {
          productId: product.id,
          productName: product.name,
          productTitle: title || product.name,
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

  /** What placing an order answers (its payment's page, once the gateway was asked for one). */
  const answerOf = (order: OrderRow) => ({
    orderId: order.id,
    orderNumber: order.orderNumber,
    paymentUrl: order.paymentState === 'pending' ? (gateways.paymentUrl(order) ?? null) : null,
    statusToken: tokens.of(order.id),
    statusUrl: `${deps.config.publicUrl}${statusPath(order)}`,
    totalWithoutVat: Number(order.totalWithoutVat),
    totalWithVat: Number(order.totalWithVat),
    currency: order.currency,
  });

  /**
   * A paid order's items get their numbers and passes, each stage stamped and recorded in the trail, in the
   * transaction `trx` that moved its payment to paid (and so holds the order's row); the customer's email (invoice
   * attached) is stored with the stage and sent by the job queue after the answer. An item whose template is gone
   * fails alone: the order then ends failed, without an email.
   */
  async function fulfil(trx: Db, order: OrderRow): Promise<void> {
    const soldAt = order.paymentSuccessAt ?? new Date();
    const keys = serialKeys(soldAt);
    // the items, and the serials of those without a number, taken for all of them at once
    const { items: toFulfil, first } = await checkoutRepository.itemsToFulfil(trx, order, keys);
    const templateIdOf = ({ item, productTemplateIds }: ItemToFulfil) =>
      item.templateId ?? strings(productTemplateIds)[0];
    const toIssue = toFulfil.filter(({ item }) => !item.passId);
    const issuedTemplates = await templates.read(
      toIssue.map(templateIdOf).filter((id) => id !== undefined),
      (ids) => checkoutRepository.findLiveTemplates(trx, ids),
    );
    const templateOf = (line: ItemToFulfil) => issuedTemplates.get(templateIdOf(line) ?? '');
    const failed = toIssue.some((line) => !templateOf(line));
    const unnumbered = toFulfil.filter(({ item }) => item.itemNumber === null);
    const numberedAt = new Date();
    const numbersGenerated = unnumbered.length
      ? { ...order, state: 'numbersGenerated', numberGenerationAt: numberedAt, updatedAt: numberedAt }
      : order;
    // numbers: consecutive in the order
    const changes: RowChange[] = [];
    const numbered = new Map<string, OrderItemRow>();
    if (unnumbered.length && first) {
      unnumbered.forEach(({ item, productPeriod, orderPrefix }, index) => {
        const serials = {
          projectSerial: first.projectSerial + index,
          yearSerial: first.yearSerial + index,
          monthSerial: first.monthSerial + index,
          daySerial: first.daySerial + index,
        };
        const period = (productPeriod ?? { periodType: 'days', daysMaximalValidity: 1 }) as ProductPeriod;
        const after: OrderItemRow = {
          ...item,
          ...serials,
          ...itemValidity(period, soldAt),
          itemNumber: itemNumber(orderPrefix ?? '', keys.day, serials.daySerial),
          state: 'numbered',
          numberRequestedAt: numberedAt,
          numberSuccessAt: new Date(),
          updatedAt: new Date(),
        };
        numbered.set(item.id, after);
        changes.push(orderItemChange(deps.config, item, after));
      });
      changes.push(orderChange(deps.config, order, numbersGenerated));
    }

    // passes: one per item without one, of its template; an item whose template is gone fails alone
    const issuedAt = new Date();
    const issues = toIssue.map((line) => {
      const item = numbered.get(line.item.id) ?? line.item;
      const template = templateOf(line);
      if (!template) {
        deps.log(
          new Error(`the product's template ${templateIdOf(line)} was not found`),
          `the pass of order item ${item.id} was not issued`,
        );
        return {
          item,
          fulfilled: { ...item, state: 'failed', passErrorAt: issuedAt, updatedAt: issuedAt },
        };
      }
      const passId = crypto.randomUUID();
      const pass = {
        id: passId,
        template,
        expirationDate: item.validTo,
        // the ticket contract: what every ticket's pass holds (the entries, which the gate counts, too)
        dynamicData: ticketPassData({
          ticketSecret: item.ticketSecret,
          passUrl: passLink(deps.config, passId),
          orderNumber: order.orderNumber,
          itemNumber: item.itemNumber,
          holderName: holderNameOf(line.lineData),
          productName: item.productTitle ?? item.productName,
          eshopName: line.eshopName ?? '',
          validFrom: item.validFrom?.toISOString() ?? null,
          validTo: item.validTo?.toISOString() ?? null,
          entryCount: item.entryCount,
          maxEntries: item.productMaxEntries,
          event: line.productEvent as TicketEvent | null,
        }),
      };
      const fulfilled = {
        ...item,
        passId: pass.id,
        templateId: template.id,
        issued: true,
        state: 'issued',
        passRequestedAt: issuedAt,
        passSuccessAt: issuedAt,
        updatedAt: issuedAt,
      };
      return { item, fulfilled, pass };
    });
    for (const { item, fulfilled, pass } of issues) {
      if (pass)
        changes.push({
          resource: passResource.name,
          action: 'create',
          // as the pass reads: with its template's name
          after: entityOf(passDefinition, deps.config, {
            ...passRepository.foreseenTemplatePass(pass, issuedAt),
            templateName: pass.template.name,
          }),
        });
      changes.push(orderItemChange(deps.config, item, fulfilled));
    }
    // the stage, the passes, the items and the trail of the whole fulfilment in one statement, with the email's
    // job: stored with the stage, so the order has its email whatever happens next
    const stage = {
      state: failed ? 'failed' : 'passesIssued',
      ...(unnumbered.length ? { numberGenerationAt: numberedAt } : {}),
      updatedAt: new Date(),
    };
    changes.push(orderChange(deps.config, numbersGenerated, { ...order, ...stage }));
    await checkoutRepository.writeFulfilment(trx, {
      orderId: order.id,
      stage,
      passes: issues.flatMap(({ pass }) => (pass ? [pass] : [])),
      items: [
        ...issues.map(({ fulfilled }) => fulfilled),
        ...[...numbered.values()].filter((item) => item.passId),
      ],
      entries: changeEntries(trail, CHECKOUT, changes),
      job: failed ? undefined : deps.jobs.enqueueQuery(trx, orderMailJob(order.id)),
    });
  }

  /**
   * Moves the order's payment to `to` if it is still the order's (compare and set) under the actor; a move to paid
   * fulfils the order in the same transaction, so of concurrent movers only the one that moved fulfils, and a
   * fulfilment that fails on the database undoes the move: the order keeps its payment state and the next check of
   * it (the gateway's callback, the customer's return, the payment timeout, the back office's refresh) moves and
   * fulfils it again. Undefined when another move came first.
   */
  async function movePaymentAndFulfil(
    actor: AuditActor,
    order: OrderRow,
    to: PaymentState,
  ): Promise<OrderRow | undefined> {
    if (to !== 'paid') return movePayment(trail, actor, order, to);
    let moved: OrderRow | undefined;
    try {
      moved = await db.transaction().execute(async (trx) => {
        const paid = await movePayment({ db: trx, config: deps.config }, actor, order, to);
        if (paid) await fulfil(trx, paid);
        if (paid)
          await publishIfHeard(deps.integrationEvents, trx, paid.projectId, 'order.paid', () =>
            orderEventData(paid),
          );
        return paid;
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      deps.log(
        error,
        `the payment of order ${order.orderNumber} was not recorded; it is the next check's to record`,
      );
      throw new HttpError(
        503,
        {
          en: `The payment of order ${order.orderNumber} could not be recorded now; ask for its state again in a moment.`,
          cs: `Platbu objednávky ${order.orderNumber} teď nelze zaznamenat; zeptejte se na její stav za chvíli znovu.`,
        },
        undefined,
        { 'retry-after': '5' },
      );
    }
    if (moved) {
      deps.jobs.wake();
      deps.integrationEvents.wake();
    }
    return moved;
  }

  return {
    /** A payment's move, with the numbers, passes and email of an order it moves to paid (also the back office's). */
    movePayment: movePaymentAndFulfil,

    /**
     * Takes the order's serial, places the order with its items (one statement), then asks the gateway for the
     * payment. A storefront form sent again (the same `submissionKey`, even at the same moment) answers the order
     * it placed the first time, `repeated`.
     */
    async createOrder(eshopId: string, body: CheckoutOrderBody, options: { submissionKey?: string } = {}) {
      const { submissionKey } = options;
      const placedBefore = () =>
        submissionKey ? checkoutRepository.findOrderBySubmission(db, eshopId, submissionKey) : undefined;
      const earlier = await placedBefore();
      if (earlier) return { ...answerOf(earlier), repeated: true };
      const checked = await checkedOrder(eshopId, body);
      const { eshop } = checked;
      let placed;
      try {
        placed = await checkoutRepository.placeOrder(
          db,
          {
            eshopId: eshop.id,
            projectId: eshop.projectId,
            orderPrefix: eshop.orderPrefix,
            year: new Date().getUTCFullYear(),
            locale: body.locale,
            email: body.email,
            currency: eshop.currency,
            totalWithoutVat: checked.totalWithoutVat,
            totalWithVat: checked.totalWithVat,
            ...buyerOf(body),
            submissionKey: submissionKey ?? null,
          },
          checked.lines,
          (foreseen) =>
            changeEntries(trail, CHECKOUT, [
              orderChange(deps.config, undefined, foreseen.order),
              ...foreseen.items.map((item) => orderItemChange(deps.config, undefined, item)),
            ]),
        );
      } catch (error) {
        // the same form placed its order at the same moment: that one is the order
        const raced = isUniqueViolation(error) ? await placedBefore() : undefined;
        if (raced) return { ...answerOf(raced), repeated: true };
        throw error;
      }
      const { order, entries } = placed;
      // the order's entry corrected should the database have stored more than foreseen
      await confirmEntry(
        db,
        entries[0] as PlannedEntry | undefined,
        undefined,
        orderChange(deps.config, undefined, order).after,
      );
      let payment;
      try {
        payment = await gateways.createPayment(eshop, order, {
          returnUrl: `${deps.config.publicUrl}${statusPath(order)}`,
          notifyUrl: `${deps.config.publicUrl}${deps.config.ticketApiBase}/public/v1/eshop/${order.eshopId}/gateway/${storedSettingsOf(eshop).kind}`,
        });
      } catch (error) {
        deps.log(error, `the payment of order ${order.orderNumber} was not requested`);
        throw new HttpError(
          502,
          'The payment gateway did not answer; the order was kept, try to pay it later.',
        );
      }
      await writeOrder(trail, CHECKOUT, order, {
        paymentId: payment.paymentId,
        paymentServiceBaseUrl: payment.paymentServiceBaseUrl,
        paymentMethod: payment.paymentMethod,
        paymentGateway: payment.kind,
        paymentUrl: payment.paymentUrl,
        state: 'paymentRequested',
        paymentRequestedAt: new Date(),
      });
      // a real gateway's notification may never come: the queue asks it until the payment ends
      if (payment.kind !== 'simulated')
        await deps.jobs.add(paymentCheckJob(order.id, deps.config.jobRetryBaseMs));
      return { ...answerOf(order), paymentUrl: payment.paymentUrl, repeated: false };
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
      const { paymentState: to } = await gateways.status(order);
      // unknown: the gateway cannot tell (e.g. it lost the payment); the order keeps the state it knows
      if (to === from || to === 'unknown') {
        await orderRepository.countPaymentCheck(db, order.id);
        return { paymentState: from, changed: false };
      }
      if (!canMovePayment(from, to)) {
        if (from === 'timeout' && to === 'paid') {
          // money taken for an order that no longer sells: listed "to refund" in the back office
          await markLatePayment(trail, PAYMENT_GATEWAY, order);
          deps.log(
            new Error(`paid after its payment timed out`),
            `order ${order.orderNumber} was paid at the gateway after it timed out: refund the payment (its order is listed To refund)`,
          );
        }
        throw conflict({
          en: `The payment of order ${order.orderNumber} cannot move from ${from} to ${to}.`,
          cs: `Platba objednávky ${order.orderNumber} nemůže přejít ze stavu ${from} do stavu ${to}.`,
        });
      }
      const moved = await movePaymentAndFulfil(PAYMENT_GATEWAY, order, to);
      if (!moved) {
        const now = await orderRepository.findLive(db, order.id);
        if (now?.paymentState === to) return { paymentState: to, changed: false };
        throw conflict({
          en: `The payment of order ${order.orderNumber} changed meanwhile (now ${now?.paymentState}).`,
          cs: `Platba objednávky ${order.orderNumber} se mezitím změnila (nyní ${now?.paymentState}).`,
        });
      }
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
