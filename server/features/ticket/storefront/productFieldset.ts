import type { ProductEvent, ProductPeriod } from '../../../../domain/schemas/product';
import { MAX_HOLDER_NAME } from '../../../../domain/ticket/ticketContract';
import { formatDay, formatMoment } from '../../../../domain/ticket/days';
import { formatMoney } from '../../../../domain/ticket/money';
import type { EshopRow, ProductRow } from '../../../kernel/db/tables';
import { escapeHtml } from '../../distribution';
import { inputField } from './formInputs';
import { holderField, holderFieldPrefix, mostTicketsOf, quantityField, type FormProblem } from './orderForm';
import { localesOf, localized, type ShopTexts } from './storefrontTexts';

/** The ids of a product's inputs: the quantity's, and each ticket's name after it (the page's script makes them so too). */
export const quantityId = (productId: string) => `q-${productId}`;
export const holderId = (productId: string, number: number) => `${quantityId(productId)}-h${number}`;

/** How long a ticket of the product is valid: N days from purchase, or the interval's days. */
function validityOf(period: unknown, texts: ShopTexts): string {
  const { periodType, daysMaximalValidity, intervalFrom, intervalTo } = (period ?? {}) as ProductPeriod;
  if (periodType === 'interval' && intervalFrom && intervalTo)
    return texts.text('shop.validity.interval', {
      from: formatDay(new Date(intervalFrom), texts.locale),
      to: formatDay(new Date(intervalTo), texts.locale),
    });
  const days = daysMaximalValidity ?? 1;
  const form = new Intl.PluralRules(texts.locale).select(days);
  return texts.text(`shop.validity.days.${form === 'one' || form === 'few' ? form : 'other'}`, {
    days: String(days),
  });
}

/** The product's event, each part that is set. */
function eventOf(event: unknown, texts: ShopTexts): string {
  if (!event || typeof event !== 'object') return '';
  const { name, venue, startsAt } = event as ProductEvent;
  const rows: Array<[string, string]> = [];
  if (name?.trim()) rows.push([texts.text('shop.event.name'), name.trim()]);
  if (venue?.trim()) rows.push([texts.text('shop.event.venue'), venue.trim()]);
  if (startsAt) rows.push([texts.text('shop.event.start'), formatMoment(new Date(startsAt), texts.locale)]);
  if (!rows.length) return '';
  return `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

/**
 * A product of the storefront: its title, price with VAT, validity, event and warning, the quantity to buy, and an
 * input for the name on each ticket of that quantity (the page's script adds and removes them as it changes).
 */
export function productFieldset(parts: {
  product: ProductRow;
  eshop: Pick<EshopRow, 'maxItems' | 'currency' | 'locales'>;
  texts: ShopTexts;
  quantity: string;
  holders: string[];
  problemOf: (field: string) => FormProblem | undefined;
  say: (problem: FormProblem | undefined) => string | undefined;
}): string {
  const { product, eshop, texts } = parts;
  const locales = localesOf(eshop);
  const title = localized(product.title, texts.locale, locales, product.name);
  const price = formatMoney(Number(product.priceWithVat), eshop.currency, texts.locale);
  const warning =
    product.warningEnabled && localized(product.warningTitle, texts.locale, locales, '')
      ? `<p class="warning" role="note">${escapeHtml(localized(product.warningTitle, texts.locale, locales, ''))}</p>`
      : '';
  const most = mostTicketsOf(product, eshop);
  const quantity = inputField({
    id: quantityId(product.id),
    name: quantityField(product.id),
    type: 'number',
    label: texts.text('shop.quantity'),
    value: parts.quantity || '0',
    hint: texts.text('shop.quantity.hint', { max: String(most) }),
    problem: parts.say(parts.problemOf(quantityField(product.id))),
    attributes: `min="0" max="${most}" step="1" inputmode="numeric"`,
  });
  const holders = parts.holders
    .map((name, index) =>
      inputField({
        id: holderId(product.id, index + 1),
        name: holderField(product.id, index + 1),
        type: 'text',
        label: texts.text('shop.holder', { number: String(index + 1) }),
        value: name,
        problem: parts.say(parts.problemOf(holderField(product.id, index + 1))),
        attributes: `required maxlength="${MAX_HOLDER_NAME}" autocomplete="name"`,
        className: 'holder',
      }),
    )
    .join('\n');
  return `<fieldset class="panel product">
<legend>${escapeHtml(title)}</legend>
<p class="price">${escapeHtml(texts.text('shop.price', { price }))}</p>
<p class="validity">${escapeHtml(validityOf(product.period, texts))}</p>
${eventOf(product.event, texts)}${warning}
${quantity}
<div class="holders" data-holders data-for="${escapeHtml(quantityId(product.id))}" data-name="${escapeHtml(holderFieldPrefix(product.id))}" data-label="${escapeHtml(texts.text('shop.holder'))}" data-max="${MAX_HOLDER_NAME}">
${holders}
</div>
</fieldset>`;
}
