import type { EshopRow } from '../../../kernel/db/tables';
import { escapeHtml, type HtmlPage } from '../../distribution';
import { shopPage } from './shopPage';
import type { ShopTexts } from './storefrontTexts';

/**
 * The page of an e-shop that does not sell now (inactive): it says so in the e-shop's words, and offers nothing to
 * buy.
 */
export function closedPage(eshop: EshopRow, texts: ShopTexts, simulatedPayments: boolean): HtmlPage {
  return shopPage({
    eshop,
    texts,
    heading: texts.text('shop.closed.title'),
    body: `<p>${escapeHtml(texts.text('shop.closed.text', { eshopName: eshop.name }))}</p>`,
    simulatedPayments,
  });
}

/** The texts of a failure by its status: `shop.{kind}.title` and `shop.{kind}.text`. */
function failureKind(statusCode: number): string {
  if (statusCode === 404) return 'notFound';
  if (statusCode === 413) return 'tooLarge';
  if (statusCode === 429) return 'busy';
  if (statusCode >= 500) return 'unavailable';
  return 'badRequest';
}

/**
 * What a browser gets for a failure of the storefront or an order's page: what went wrong and what to do, in the
 * reader's language, about no e-shop or order (a 404 tells nothing of what the address held); busy and unavailable
 * answers offer to try again.
 *
 * @example failurePage(404, shopTexts(undefined, 'cs'))
 */
export function failurePage(statusCode: number, texts: ShopTexts): HtmlPage {
  const kind = failureKind(statusCode);
  const again =
    statusCode === 429 || statusCode >= 500
      ? `<p><a class="button" href="">${escapeHtml(texts.text('shop.tryAgain'))}</a></p>`
      : '';
  return shopPage({
    eshop: undefined,
    texts,
    heading: texts.text(`shop.${kind}.title`),
    body: `<p>${escapeHtml(texts.text(`shop.${kind}.text`))}</p>${again}`,
    simulatedPayments: false,
  });
}
