import { formatMoney } from '../../../../domain/ticket/money';
import type { EshopRow, ProductRow } from '../../../kernel/db/tables';
import type { FieldError } from '../../../kernel/http/errors';
import type { AjvError } from '../../../kernel/http/ajvErrors';
import { strictValidator } from '../../../kernel/http/validation';
import { CheckoutOrderBodySchema, type CheckoutOrderBody } from '../checkout/checkoutSchemas';
import {
  quantityField,
  type FormProblem,
  type FormProblems,
  type FormTicket,
  type OrderFormValues,
} from './orderForm';

/**
 * The checkout's body of a form: a line per ticket (so that each carries its holder's name), the page's language,
 * the e-mail and the buyer's company and VAT ID when given.
 *
 * @example checkoutBody(values, [{ productId, holderName: 'Jana Nováková' }], 'cs')
 */
export function checkoutBody(
  values: OrderFormValues,
  tickets: FormTicket[],
  locale: string,
): CheckoutOrderBody {
  const buyer = {
    ...(values.company ? { company: values.company } : {}),
    ...(values.vatId ? { vatId: values.vatId } : {}),
  };
  return {
    email: values.email,
    locale,
    items: tickets.map((ticket) => ({
      productId: ticket.productId,
      count: 1,
      data: { holderName: ticket.holderName },
    })),
    ...(Object.keys(buyer).length ? { buyer } : {}),
  };
}

/** A refusal of the checkout's, by the place in its body: a JSON pointer (`/items/0/count`) or a dotted path. */
export interface CheckoutRefusal {
  path: string;
  /** the schema's keyword, when the schema refused it */
  keyword?: string;
}

/** The refusals of the checkout's schema for a body (the same schema its API validates with); none: it may go on. */
export function schemaRefusals(body: CheckoutOrderBody): CheckoutRefusal[] {
  const validate = strictValidator(CheckoutOrderBodySchema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error: AjvError) => ({
    path:
      error.keyword === 'required'
        ? `${error.instancePath}/${String(error.params.missingProperty)}`
        : error.instancePath,
    keyword: error.keyword,
  }));
}

/** The refusals of the checkout service's answer (its 400's field errors). */
export const serviceRefusals = (errors: FieldError[] | undefined): CheckoutRefusal[] =>
  (errors ?? []).map((error) => ({ path: error.path }));

const companyMaxLength = CheckoutOrderBodySchema.properties.buyer.properties.company.maxLength ?? 200;

/** What the storefront needs to say the checkout's refusals in the buyer's words. */
export interface RefusalContext {
  eshop: Pick<EshopRow, 'maxItems' | 'maxPriceWithVat' | 'currency'>;
  products: readonly ProductRow[];
  /** the product of each line of the body, in order */
  lineProducts: string[];
  language: string;
}

/**
 * The checkout's refusals as the form's problems, each on the field it is about: a line's product or count on its
 * product's quantity, the order's limits on the form, the e-mail and the buyer's fields on theirs. `closed`: the
 * e-shop stopped selling meanwhile.
 */
export function checkoutProblems(
  refusals: CheckoutRefusal[],
  context: RefusalContext,
): { problems: FormProblems; closed: boolean } {
  const problems: FormProblems = { fields: {}, form: [] };
  let closed = false;
  const onForm = (problem: FormProblem) => {
    if (!problems.form.some((known) => known.key === problem.key)) problems.form.push(problem);
  };
  for (const refusal of refusals) {
    // '/items/3/count' or 'buyer.vatId': the field, then its element or property, then the element's property
    const [field, next, leaf] = refusal.path.replace(/^[/.]/, '').split(/[/.]/);
    const lineProduct = field === 'items' ? context.lineProducts[Number(next)] : undefined;
    const product = context.products.find((candidate) => candidate.id === lineProduct);
    if (field === 'eshopId') closed = true;
    else if (field === 'email') problems.fields.email = { key: 'shop.problem.email' };
    else if (field === 'buyer' && next === 'vatId') problems.fields.vatId = { key: 'shop.problem.vatId' };
    else if (field === 'buyer' && next === 'company')
      problems.fields.company =
        refusal.keyword === 'maxLength'
          ? { key: 'shop.problem.tooLong', values: { max: String(companyMaxLength) } }
          : { key: 'shop.problem.invalid' };
    else if (product && leaf === 'productId')
      problems.fields[quantityField(product.id)] = { key: 'shop.problem.notOnSale' };
    else if (product && leaf === 'count')
      problems.fields[quantityField(product.id)] = {
        key: 'shop.problem.productLimit',
        values: { max: String(product.maxItems) },
      };
    // the whole order: over the e-shop's tickets or total (or the checkout's lines)
    else if (field === 'items' && next === undefined)
      onForm({
        key: 'shop.problem.orderLimit',
        values: {
          maxItems: String(context.eshop.maxItems),
          maxPrice: formatMoney(
            Number(context.eshop.maxPriceWithVat),
            context.eshop.currency,
            context.language,
          ),
        },
      });
    else onForm({ key: 'shop.problem.invalid' });
  }
  return { problems, closed };
}
