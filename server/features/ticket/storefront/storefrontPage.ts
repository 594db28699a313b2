import type { EshopRow, ProductRow } from '../../../kernel/db/tables';
import { escapeHtml, type HtmlPage } from '../../distribution';
import { inputField, problemId } from './formInputs';
import { HOLDER_SCRIPT } from './holderScript';
import type { FormProblem, FormProblems, OrderFormValues } from './orderForm';
import { holderId, productFieldset, quantityId } from './productFieldset';
import { shopPage, type LanguageLink } from './shopPage';
import type { ShopTexts } from './storefrontTexts';

export interface StorefrontView {
  eshop: EshopRow;
  products: readonly ProductRow[];
  texts: ShopTexts;
  values: OrderFormValues;
  problems: FormProblems;
  simulatedPayments: boolean;
  /** where the form posts */
  action: string;
  languages: LanguageLink[];
  /** origins the form's answer may redirect to (the payment page) */
  formTargets: string[];
}

/** The id of the input a field's problem is about, for the links of the problems' list. */
function inputIdOf(field: string): string {
  const [kind, productId, number] = field.split('.');
  if (kind === 'quantity') return quantityId(productId);
  if (kind === 'holder') return holderId(productId, Number(number));
  return field;
}

/** The list of problems at the top of the form: each links to its field; the form's own have no link. */
function problemsList(
  problems: FormProblems,
  say: (problem: FormProblem) => string,
  texts: ShopTexts,
): string {
  const items = [
    ...problems.form.map((problem) => `<li>${escapeHtml(say(problem))}</li>`),
    ...Object.entries(problems.fields).map(
      ([field, problem]) =>
        `<li><a href="#${escapeHtml(inputIdOf(field))}">${escapeHtml(say(problem))}</a></li>`,
    ),
  ];
  if (!items.length) return '';
  return `<div class="problems" role="alert" id="problems"><h2>${escapeHtml(texts.text('shop.problems'))}</h2><ul>${items.join('')}</ul></div>`;
}

/**
 * The storefront of an e-shop: its products on sale with their quantities and the names on the tickets, the buyer's
 * e-mail, company and VAT ID for the invoice, the terms to agree to, and Pay. Shown again with the buyer's values and
 * a problem under each field the checkout or the form refused.
 *
 * @example storefrontPage({ eshop, products, texts, values: emptyValues, problems: { fields: {}, form: [] }, ... })
 */
export function storefrontPage(view: StorefrontView): HtmlPage {
  const { eshop, texts, values, problems } = view;
  const say = (problem: FormProblem) => texts.text(problem.key, problem.values);
  const sayField = (problem: FormProblem | undefined) => (problem ? say(problem) : undefined);
  const problemOf = (field: string) => problems.fields[field];
  const products = view.products
    .map((product) =>
      productFieldset({
        product,
        eshop,
        texts,
        quantity: values.quantities[product.id] ?? '',
        holders: values.holders[product.id] ?? [],
        problemOf,
        say: sayField,
      }),
    )
    .join('\n');
  const terms = problemOf('terms');
  // an https address by the e-shop's schema; checked again, for a row written around it
  const termsLink = /^https?:\/\//i.test(eshop.termsUrl)
    ? `<p><a href="${escapeHtml(eshop.termsUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(texts.text('shop.terms.link'))}</a></p>`
    : '';
  const form = `<form id="order" method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="submission" value="${escapeHtml(values.submission)}">
<input type="hidden" name="lang" value="${escapeHtml(texts.locale)}">
${products}
<h2>${escapeHtml(texts.text('shop.buyer'))}</h2>
${inputField({ id: 'email', name: 'email', type: 'email', label: texts.text('checkout.email'), value: values.email, problem: sayField(problemOf('email')), attributes: 'required maxlength="254" autocomplete="email"' })}
<fieldset class="panel">
<legend>${escapeHtml(texts.text('shop.invoice'))}</legend>
${inputField({ id: 'company', name: 'company', type: 'text', label: texts.text('shop.company'), value: values.company, problem: sayField(problemOf('company')), attributes: 'maxlength="200" autocomplete="organization"' })}
${inputField({ id: 'vatId', name: 'vatId', type: 'text', label: texts.text('shop.vatId'), value: values.vatId, problem: sayField(problemOf('vatId')), attributes: 'maxlength="20" autocapitalize="characters"' })}
</fieldset>
<div class="check">
<input id="terms" name="terms" type="checkbox" value="yes" required${values.terms ? ' checked' : ''}${terms ? ` aria-invalid="true" aria-describedby="${problemId('terms')}"` : ''}>
<label for="terms">${escapeHtml(texts.text('shop.terms'))}</label>
</div>
${terms ? `<p class="problem" id="${problemId('terms')}">${escapeHtml(say(terms))}</p>` : ''}
${termsLink}
<button class="pay" type="submit">${escapeHtml(texts.text('checkout.pay'))}</button>
</form>`;
  const body = view.products.length
    ? `${problemsList(problems, say, texts)}${form}`
    : `<p>${escapeHtml(texts.text('shop.noProducts'))}</p>`;
  return shopPage({
    eshop,
    texts,
    heading: texts.text('shop.tickets'),
    body,
    simulatedPayments: view.simulatedPayments,
    languages: view.languages,
    script: view.products.length ? HOLDER_SCRIPT : undefined,
    formTargets: view.formTargets,
  });
}
