import { linkQrSvg, barcodeSvg } from './barcodes';
import { BASE_STYLE, escapeHtml, htmlPage, type HtmlPage } from './html';
import type { CardField, PassCard } from './passCard';
import { publicTexts, type PublicTexts } from './publicTexts';

export interface PassLandingParts {
  card: PassCard;
  language: string;
  /** the pass's public link: its QR code is shown to open the pass on another device */
  link: string;
  /** relative addresses under the pass's own page */
  logoSrc: string | undefined;
  /** undefined when the pass cannot be signed: the page says so instead of offering the button */
  appleWalletHref: string | undefined;
  /** signed with a development certificate only: the page says iPhones refuse it, and offers the file to inspect */
  developmentSigned?: boolean;
  googleWalletHref: string | undefined;
}

function fieldsHtml(fields: CardField[], className: string): string {
  if (!fields.length) return '';
  const items = fields
    .map(
      (field) =>
        `<div class="field"><div class="label">${escapeHtml(field.label)}</div><div class="value">${escapeHtml(field.value)}</div></div>`,
    )
    .join('');
  return `<div class="row ${className}">${items}</div>`;
}

function barcodeHtml(card: PassCard, texts: PublicTexts): string {
  if (!card.barcode) return '';
  const svg = barcodeSvg(card.barcode);
  const altText = card.barcode.altText
    ? `<div class="alt-text">${escapeHtml(card.barcode.altText)}</div>`
    : '';
  if (!svg)
    // a message its format cannot carry: the code in words, which a person at the gate can still type
    return `<div class="barcode"><p class="barcode-note" role="status">${escapeHtml(texts.barcodeNotDrawn)}</p><div class="alt-text">${escapeHtml(card.barcode.altText || card.barcode.message)}</div></div>`;
  return `<div class="barcode" role="img" aria-label="${escapeHtml(card.barcode.altText || texts.barcode)}">${svg}${altText}</div>`;
}

/**
 * The page of a pass's public link without a format: the card as the wallet shows it, the buttons that add it
 * to Apple Wallet (or why it cannot be added yet, or that it is signed for development only, with its file to
 * inspect) or Google Wallet, and a QR code of the link itself. Its own
 * texts are in the pass's language when they are written in it, else English.
 *
 * @example const page = passLandingPage({ card, language: 'en', link, logoSrc, appleWalletHref: '?format=pkpass', googleWalletHref: undefined })
 */
export function passLandingPage(parts: PassLandingParts): HtmlPage {
  const { card } = parts;
  const { texts } = publicTexts(parts.language);
  const title = card.logoText || card.organizationName || card.description || 'Pass';
  const logo = parts.logoSrc
    ? `<img src="${escapeHtml(parts.logoSrc)}" alt="${escapeHtml(card.organizationName)}">`
    : '';
  const apple = !parts.appleWalletHref
    ? `<p class="unavailable" role="status">${escapeHtml(texts.appleWalletUnavailable)}</p>`
    : parts.developmentSigned
      ? `<p class="unavailable" role="status">${escapeHtml(texts.developmentSigned)}</p>` +
        `<a class="button download" href="${escapeHtml(parts.appleWalletHref)}" download>${escapeHtml(texts.downloadForInspection)}</a>`
      : `<a class="button apple" href="${escapeHtml(parts.appleWalletHref)}">${escapeHtml(texts.addToAppleWallet)}</a>`;
  const google = parts.googleWalletHref
    ? `<a class="button google" href="${escapeHtml(parts.googleWalletHref)}">${escapeHtml(texts.addToGoogleWallet)}</a>`
    : '';
  const voided = card.voided ? `<div class="voided" role="status">${escapeHtml(texts.voided)}</div>` : '';
  const body = `
<main class="card" aria-label="${escapeHtml(card.description || title)}">
<header>${logo}<div class="logo-text">${escapeHtml(card.logoText)}</div>${fieldsHtml(card.headerFields, 'header-fields')}</header>
${fieldsHtml(card.primaryFields, 'primary')}
${fieldsHtml(card.secondaryFields, 'secondary')}
${fieldsHtml(card.auxiliaryFields, 'auxiliary')}
${barcodeHtml(card, texts)}
</main>
${voided}
<nav class="actions">
${apple}
${google}
</nav>
<section class="share" aria-label="${escapeHtml(texts.openOnAnotherDevice)}">
${linkQrSvg(parts.link)}
<span>${escapeHtml(texts.scanToOpen)}</span>
</section>`;
  const colors = `:root{--background:${card.colors.background};--foreground:${card.colors.foreground};--label:${card.colors.label}}`;
  return htmlPage({ title, language: parts.language, style: `${BASE_STYLE}${colors}`, body });
}
