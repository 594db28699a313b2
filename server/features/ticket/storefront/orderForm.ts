import { MAX_HOLDER_NAME } from '../../../../domain/ticket/ticketContract';
import type { EshopRow, ProductRow } from '../../../kernel/db/tables';
import { CheckoutOrderBodySchema } from '../checkout/checkoutSchemas';

/** A problem of the form, by its text key (`shop.problem.*`) and the values its text takes. */
export interface FormProblem {
  key: string;
  values?: Record<string, string>;
}

/** The form's problems: by the name of the field they are about, and those of the whole form. */
export interface FormProblems {
  fields: Record<string, FormProblem>;
  form: FormProblem[];
}

/** What the buyer filled in, as sent (shown again with the problems). */
export interface OrderFormValues {
  /** the form's random key: the same form sent twice is one order */
  submission: string;
  /** the page's language, as the form carried it */
  language: string | undefined;
  /** by product id: the quantity as typed */
  quantities: Record<string, string>;
  /** by product id: the name on each ticket, the first ticket's first */
  holders: Record<string, string[]>;
  email: string;
  company: string;
  vatId: string;
  terms: boolean;
}

/** One ticket the form orders: the checkout gets a line of its own for each. */
export interface FormTicket {
  productId: string;
  holderName: string;
}

export const quantityField = (productId: string) => `quantity.${productId}`;
export const holderField = (productId: string, number: number) => `holder.${productId}.${number}`;
/** The prefix of a product's holder fields, the ticket's number follows (the page's script names its inputs so). */
export const holderFieldPrefix = (productId: string) => `holder.${productId}.`;

/** Lines one order may have (the checkout's schema): with a line per ticket, the most tickets of one form. */
const MOST_LINES = CheckoutOrderBodySchema.properties.items.maxItems ?? 100;
const SUBMISSION_KEY = /^[A-Za-z0-9_-]{22,64}$/;
const QUANTITY = /^\d{1,4}$/;
/** Characters no name or company has: C0 and C1 controls (NUL among them), which the database or a PDF would choke on. */
const CONTROL = /\p{Cc}/u;

/** A value as the form shows it again: without control characters (a NUL typed in is refused, and gone). */
export const withoutControls = (text: string) => text.replace(/\p{Cc}/gu, '');

/**
 * The most tickets of a product one form takes: the product's and the e-shop's limits, and the checkout's lines.
 *
 * @example mostTicketsOf(product, eshop) // 5
 */
export function mostTicketsOf(
  product: Pick<ProductRow, 'maxItems'>,
  eshop: Pick<EshopRow, 'maxItems'>,
): number {
  return Math.max(0, Math.min(product.maxItems, eshop.maxItems, MOST_LINES));
}

/**
 * The fields of a posted body: a form's (urlencoded) texts, or what a program sent as JSON. A field sent more than
 * once counts with its last value (as a form's parser reads it); a value that is not a text (a number, an object)
 * counts as missing.
 */
export function formFields(body: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fields;
  for (const [name, value] of Object.entries(body)) {
    const text = Array.isArray(value) ? value.filter((item) => typeof item === 'string').at(-1) : value;
    if (typeof text === 'string') fields.set(name, text);
  }
  return fields;
}

/** The quantity a text asks for; undefined when it is no whole number of at most four digits. */
function quantityOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return QUANTITY.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * The values of the form for the products on sale: a quantity per product and the names of its tickets (as many as
 * the quantity asks, within the product's limit).
 */
export function orderFormValues(
  fields: Map<string, string>,
  products: readonly ProductRow[],
  eshop: Pick<EshopRow, 'maxItems'>,
): OrderFormValues {
  const quantities: Record<string, string> = {};
  const holders: Record<string, string[]> = {};
  for (const product of products) {
    const quantity = fields.get(quantityField(product.id)) ?? '';
    quantities[product.id] = quantity;
    const count = Math.min(quantityOf(quantity) ?? 0, mostTicketsOf(product, eshop));
    holders[product.id] = Array.from({ length: count }, (_, index) =>
      (fields.get(holderField(product.id, index + 1)) ?? '').trim(),
    );
  }
  return {
    submission: fields.get('submission') ?? '',
    language: fields.get('lang'),
    quantities,
    holders,
    email: (fields.get('email') ?? '').trim(),
    company: (fields.get('company') ?? '').trim(),
    // typed as printed ("CZ 123 45 678"); the checkout takes it without spaces
    vatId: (fields.get('vatId') ?? '').replace(/\s+/g, ''),
    terms: (fields.get('terms') ?? '') !== '',
  };
}

/** Whether the form asks for a product it does not offer (another e-shop's, or one no longer on sale). */
function asksForOthers(fields: Map<string, string>, products: readonly ProductRow[]): boolean {
  const offered = new Set(products.map((product) => quantityField(product.id)));
  return [...fields].some(
    ([name, value]) => name.startsWith('quantity.') && !offered.has(name) && quantityOf(value) !== 0,
  );
}

/** A text's problem: characters no name has, or more than `max` characters (when the form knows the limit). */
function textProblem(text: string, max?: number): FormProblem | undefined {
  if (CONTROL.test(text)) return { key: 'shop.problem.characters' };
  if (max !== undefined && [...text].length > max)
    return { key: 'shop.problem.tooLong', values: { max: String(max) } };
  return undefined;
}

/**
 * What the form itself can tell: quantities within the inputs' bounds and at least one ticket, a name on each ticket,
 * the terms agreed, texts without control characters, its key. The order's rules (limits, products on sale, the
 * e-mail, the VAT ID) are the checkout's, which answers them in its turn (checkoutProblems.ts). Answers the tickets
 * the form orders when it has no problem.
 */
export function checkOrderForm(
  fields: Map<string, string>,
  values: OrderFormValues,
  products: readonly ProductRow[],
  eshop: Pick<EshopRow, 'maxItems'>,
): { problems: FormProblems; tickets: FormTicket[] } {
  const problems: FormProblems = { fields: {}, form: [] };
  const tickets: FormTicket[] = [];
  let quantitiesValid = true;
  if (!SUBMISSION_KEY.test(values.submission)) problems.form.push({ key: 'shop.problem.expired' });
  if (asksForOthers(fields, products)) problems.form.push({ key: 'shop.problem.unknownProduct' });
  for (const product of products) {
    const most = mostTicketsOf(product, eshop);
    const quantity = quantityOf(values.quantities[product.id] ?? '');
    if (quantity === undefined || quantity > most) {
      problems.fields[quantityField(product.id)] = {
        key: 'shop.problem.quantity',
        values: { max: String(most) },
      };
      quantitiesValid = false;
      continue;
    }
    values.holders[product.id].forEach((name, index) => {
      const problem =
        name === '' ? { key: 'shop.problem.holderMissing' } : textProblem(name, MAX_HOLDER_NAME);
      if (problem) problems.fields[holderField(product.id, index + 1)] = problem;
      tickets.push({ productId: product.id, holderName: name });
    });
  }
  if (quantitiesValid && tickets.length === 0) problems.form.push({ key: 'shop.problem.noTickets' });
  // its length is the checkout schema's to refuse
  const company = textProblem(values.company);
  if (company) problems.fields.company = company;
  if (!values.terms) problems.fields.terms = { key: 'shop.problem.terms' };
  return { problems, tickets };
}

export const hasProblems = (problems: FormProblems) =>
  problems.form.length > 0 || Object.keys(problems.fields).length > 0;
