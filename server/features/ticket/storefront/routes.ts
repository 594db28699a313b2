import { paymentPageOrigins } from '../gateways/gatewaySettings';
import crypto from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { STOREFRONT_PREFIX, storefrontPath } from '../../../../domain/ticket/storefrontPath';
import { isUuid } from '../../../../domain/where';
import type { AppContext } from '../../../kernel/appContext';
import type { EshopRow, ProductRow } from '../../../kernel/db/tables';
import { HttpError, errorAnswer, notFound } from '../../../kernel/http/errors';
import { checkoutPartsOf } from '../checkout/routes';
import { createCatalog } from './catalog';
import {
  checkoutBody,
  checkoutProblems,
  schemaRefusals,
  serviceRefusals,
  type CheckoutRefusal,
} from './checkoutProblems';
import { installFormBody } from './formBody';
import { closedPage, failurePage } from './messagePages';
import {
  checkOrderForm,
  formFields,
  hasProblems,
  orderFormValues,
  type FormProblems,
  type OrderFormValues,
} from './orderForm';
import { sendPage } from './pageReply';
import { shopHref } from './shopPage';
import { storefrontPage } from './storefrontPage';
import {
  languageName,
  localesOf,
  pageLanguage,
  readerLanguage,
  shopTexts,
  type ShopTexts,
} from './storefrontTexts';

export { STOREFRONT_PREFIX };

/** A form's body: the names on 100 tickets at most, each of 100 characters at most (12 bytes each, encoded). */
const FORM_BODY_LIMIT = 128 * 1024;

const EshopParamsSchema = Type.Object({ eshopId: Type.String({ maxLength: 100 }) });

/** A form's one-time key: the same form sent twice (a double click, a reload) is one order. */
const newSubmissionKey = () => crypto.randomBytes(18).toString('base64url');

const noValues = (): OrderFormValues => ({
  submission: newSubmissionKey(),
  language: undefined,
  quantities: {},
  holders: {},
  email: '',
  company: '',
  vatId: '',
  terms: false,
});

/**
 * The public storefront of each e-shop (no sign-in, no console code, rate-limited per address as the checkout):
 * `GET /shop/{eshopId}` shows the products on sale and the order form; `POST /shop/{eshopId}/order` turns the form
 * into a checkout order (a line per ticket, with its holder's name) and sends the buyer to the payment, or shows
 * the form again with the problems in the buyer's language. The checkout service decides the order; the storefront
 * only translates the form and its answers. Every failure is a page.
 *
 * @example await app.register(storefrontRoutes(context), { prefix: STOREFRONT_PREFIX }) // after checkoutRoutes
 */
export function storefrontRoutes(context: AppContext) {
  const checkout = checkoutPartsOf(context);
  if (!checkout) throw new Error('storefrontRoutes: the checkout (checkoutRoutes) must be made first');
  const { config } = context;
  const catalog = createCatalog(context.db, context.changes);
  // the form's answer redirects to the payment's page (the simulated bank's on PUBLIC_URL, or the e-shop's gateway's)
  // or the order's
  const formTargets = (eshop: EshopRow) => [new URL(config.publicUrl).origin, ...paymentPageOrigins(eshop)];

  const findEshop = async (eshopId: string): Promise<EshopRow> => {
    const eshop = isUuid(eshopId) ? await checkout.liveEshop(eshopId) : undefined;
    if (!eshop) throw notFound('E-shop');
    return eshop;
  };
  const languagesBesides = (eshop: EshopRow, language: string) =>
    localesOf(eshop)
      .filter((locale) => locale !== language)
      .map((locale) => ({ locale, name: languageName(locale), href: shopHref(eshop.id, locale) }));
  const showForm = (
    reply: FastifyReply,
    parts: { eshop: EshopRow; texts: ShopTexts; products: readonly ProductRow[]; values: OrderFormValues },
    problems: FormProblems = { fields: {}, form: [] },
    statusCode = 200,
  ) =>
    sendPage(
      reply,
      storefrontPage({
        ...parts,
        problems,
        simulatedPayments: checkout.simulatedPayments(parts.eshop),
        action: `${storefrontPath(parts.eshop.id)}/order`,
        languages: languagesBesides(parts.eshop, parts.texts.locale),
        formTargets: formTargets(parts.eshop),
      }),
      statusCode,
    );

  return async (app: FastifyInstance) => {
    installFormBody(app);
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const { statusCode, headers } = errorAnswer(error, request);
      if (headers) reply.headers(headers);
      const texts = shopTexts(undefined, readerLanguage(request.headers['accept-language']));
      return sendPage(reply, failurePage(statusCode, texts), statusCode);
    });
    app.setNotFoundHandler((request, reply) =>
      sendPage(
        reply,
        failurePage(404, shopTexts(undefined, readerLanguage(request.headers['accept-language']))),
        404,
      ),
    );
    if (config.checkoutRateLimit > 0)
      await app.register(rateLimit, { max: config.checkoutRateLimit, timeWindow: '1 minute' });
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const schema = { tags: ['storefront'], security: [], params: EshopParamsSchema };

    routes.get(
      '/:eshopId',
      {
        schema: {
          operationId: 'getStorefront',
          summary: "Show an e-shop's storefront",
          ...schema,
          description:
            "The e-shop's storefront (HTML): its products on sale and the order form, in ?lang= or the reader's " +
            "language among the e-shop's; a closed e-shop's page says it does not sell now; 404 for no e-shop.",
        },
      },
      async (request, reply) => {
        const eshop = await findEshop(request.params.eshopId);
        const { lang } = (request.query ?? {}) as { lang?: unknown };
        const texts = shopTexts(
          eshop,
          pageLanguage(localesOf(eshop), lang, request.headers['accept-language']),
        );
        if (!eshop.active)
          return sendPage(reply, closedPage(eshop, texts, checkout.simulatedPayments(eshop)));
        const products = await catalog.productsOnSale(eshop.id);
        return showForm(reply, { eshop, texts, products, values: noValues() });
      },
    );

    routes.post(
      '/:eshopId/order',
      {
        bodyLimit: Math.min(FORM_BODY_LIMIT, config.bodyLimitBytes),
        schema: {
          operationId: 'submitStorefrontOrder',
          summary: 'Submit the storefront order form',
          ...schema,
          description:
            'The storefront form (application/x-www-form-urlencoded): 303 to the payment page (or the order page), ' +
            'or the form again (400) with a problem at each field; 409 when the e-shop does not sell now.',
        },
      },
      async (request, reply) => {
        const eshop = await findEshop(request.params.eshopId);
        const fields = formFields(request.body);
        const language = pageLanguage(
          localesOf(eshop),
          fields.get('lang'),
          request.headers['accept-language'],
        );
        const texts = shopTexts(eshop, language);
        if (!eshop.active)
          return sendPage(reply, closedPage(eshop, texts, checkout.simulatedPayments(eshop)), 409);
        const products = await catalog.productsOnSale(eshop.id);
        const values = orderFormValues(fields, products, eshop);
        const showAgain = (problems: FormProblems, statusCode = 400) => {
          // a key no order took may stay; a missing or malformed one is replaced, so that the form can be sent again
          if (problems.form.some((problem) => problem.key === 'shop.problem.expired'))
            values.submission = newSubmissionKey();
          return showForm(reply, { eshop, texts, products, values }, problems, statusCode);
        };
        const { problems, tickets } = checkOrderForm(fields, values, products, eshop);
        if (hasProblems(problems)) return showAgain(problems);
        const body = checkoutBody(values, tickets, language);
        const refused = (refusals: CheckoutRefusal[]) => {
          const lineProducts = tickets.map((ticket) => ticket.productId);
          const answer = checkoutProblems(refusals, { eshop, products, lineProducts, language });
          if (answer.closed)
            return sendPage(reply, closedPage(eshop, texts, checkout.simulatedPayments(eshop)), 409);
          return showAgain(answer.problems);
        };
        const schemaRefused = schemaRefusals(body);
        if (schemaRefused.length) return refused(schemaRefused);
        try {
          const placed = await checkout.service.createOrder(eshop.id, body, {
            submissionKey: values.submission,
          });
          return await reply.redirect(placed.paymentUrl ?? placed.statusUrl, 303);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          if (error.statusCode === 400 && error.errors?.length) return refused(serviceRefusals(error.errors));
          // the gateway did not answer: nothing to correct, the same form may be sent again
          if (error.statusCode === 502)
            return showAgain({ fields: {}, form: [{ key: 'shop.problem.gateway' }] }, 502);
          throw error;
        }
      },
    );
  };
}
