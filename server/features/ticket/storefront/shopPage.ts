import { storefrontPath } from '../../../../domain/ticket/storefrontPath';
import type { EshopRow } from '../../../kernel/db/tables';
import { escapeHtml, htmlPage, type HtmlPage } from '../../distribution';
import { STOREFRONT_STYLE } from './storefrontStyle';
import type { ShopTexts } from './storefrontTexts';
import { styleVariables } from './styleVariables';

/** Where a storefront page links to another of its languages. */
export interface LanguageLink {
  locale: string;
  name: string;
  href: string;
}

/** The storefront's address of an e-shop, in a language. */
export const shopHref = (eshopId: string, language: string) =>
  `${storefrontPath(eshopId)}?lang=${encodeURIComponent(language)}`;

/**
 * A storefront page (the shop, an order, a message): the e-shop's name and colours, the language switch, the loud
 * notice of simulated payments, then the page's heading and body. The e-shop's headOverrides and bodyOverrides are
 * never put in: they are HTML and script an administrator typed for the former front, and here they would run with
 * the page's nonce, beside the buyer's e-mail and tickets, under a policy that promises no foreign script.
 *
 * @example shopPage({ eshop, texts, heading: 'Tickets', body: '<form>…</form>', simulatedPayments: true })
 */
export function shopPage(parts: {
  eshop: Pick<EshopRow, 'id' | 'name' | 'styles' | 'seller'> | undefined;
  texts: ShopTexts;
  heading: string;
  body: string;
  simulatedPayments: boolean;
  /** the other languages of the page; none: no switch */
  languages?: LanguageLink[];
  /** the e-shop's name links to its storefront (pages other than the storefront itself) */
  linkShop?: boolean;
  script?: string;
  formTargets?: string[];
}): HtmlPage {
  const { eshop, texts } = parts;
  const name = eshop ? escapeHtml(eshop.name) : '';
  const shopName =
    eshop && parts.linkShop ? `<a href="${escapeHtml(shopHref(eshop.id, texts.locale))}">${name}</a>` : name;
  const languages = parts.languages?.length
    ? `<nav aria-label="${escapeHtml(texts.text('shop.language'))}"><ul class="languages">${parts.languages
        .map(
          (link) =>
            `<li><a href="${escapeHtml(link.href)}" lang="${escapeHtml(link.locale)}" hreflang="${escapeHtml(link.locale)}">${escapeHtml(link.name)}</a></li>`,
        )
        .join('')}</ul></nav>`
    : '';
  const header = eshop
    ? `<header class="shop-header"><p class="shop-name">${shopName}</p>${languages}</header>`
    : '';
  const notice = parts.simulatedPayments
    ? `<p class="test" role="note">${escapeHtml(texts.text('shop.simulatedPayments'))}</p>`
    : '';
  const body = `${header}
${notice}
<main>
<h1>${escapeHtml(parts.heading)}</h1>
${parts.body}
</main>
${footerOf(eshop?.seller)}`;
  return htmlPage({
    title: eshop ? `${parts.heading} | ${eshop.name}` : parts.heading,
    language: texts.locale,
    style: `${styleVariables(eshop?.styles)}${STOREFRONT_STYLE}`,
    body,
    script: parts.script,
    formTargets: parts.formTargets,
  });
}

/** Who sells, as the buyer may want to reach them: the seller's name and e-mail, when the e-shop gives them. */
function footerOf(seller: unknown): string {
  if (!seller || typeof seller !== 'object') return '';
  const { legalName, email } = seller as { legalName?: unknown; email?: unknown };
  const parts = [
    typeof legalName === 'string' && legalName.trim() ? escapeHtml(legalName.trim()) : '',
    typeof email === 'string' && /^[^\s@<>"]+@[^\s@<>"]+$/.test(email.trim())
      ? `<a href="mailto:${escapeHtml(email.trim())}">${escapeHtml(email.trim())}</a>`
      : '',
  ].filter(Boolean);
  return parts.length ? `<footer>${parts.join(' · ')}</footer>` : '';
}
