import { linkQrSvg, barcodeSvg } from './barcodes';
import { BASE_STYLE, escapeHtml, htmlPage, type HtmlPage } from './html';
import type { CardField, PassCard } from './passCard';

export interface PassLandingParts {
  card: PassCard;
  language: string;
  /** the pass's public link: its QR code is shown to open the pass on another device */
  link: string;
  /** relative addresses under the pass's own page */
  logoSrc: string | undefined;
  appleWalletHref: string;
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

function barcodeHtml(card: PassCard): string {
  if (!card.barcode) return '';
  const svg = barcodeSvg(card.barcode);
  const altText = card.barcode.altText
    ? `<div class="alt-text">${escapeHtml(card.barcode.altText)}</div>`
    : '';
  if (!svg) return altText && `<div class="barcode">${altText}</div>`;
  return `<div class="barcode" role="img" aria-label="${escapeHtml(card.barcode.altText || 'Barcode')}">${svg}${altText}</div>`;
}

/**
 * The page of a pass's public link without a format: the card as the wallet shows it, the buttons that add it
 * to Apple Wallet or Google Wallet, and a QR code of the link itself.
 *
 * @example const page = passLandingPage({ card, language: 'en', link, logoSrc, appleWalletHref: '?format=pkpass', googleWalletHref: undefined })
 */
export function passLandingPage(parts: PassLandingParts): HtmlPage {
  const { card } = parts;
  const title = card.logoText || card.organizationName || card.description || 'Pass';
  const logo = parts.logoSrc
    ? `<img src="${escapeHtml(parts.logoSrc)}" alt="${escapeHtml(card.organizationName)}">`
    : '';
  const google = parts.googleWalletHref
    ? `<a class="button google" href="${escapeHtml(parts.googleWalletHref)}">Add to Google Wallet</a>`
    : '';
  const voided = card.voided
    ? '<div class="voided" role="status">This pass is voided: it is no longer valid.</div>'
    : '';
  const body = `
<main class="card" aria-label="${escapeHtml(card.description || title)}">
<header>${logo}<div class="logo-text">${escapeHtml(card.logoText)}</div>${fieldsHtml(card.headerFields, 'header-fields')}</header>
${fieldsHtml(card.primaryFields, 'primary')}
${fieldsHtml(card.secondaryFields, 'secondary')}
${fieldsHtml(card.auxiliaryFields, 'auxiliary')}
${barcodeHtml(card)}
</main>
${voided}
<nav class="actions">
<a class="button apple" href="${escapeHtml(parts.appleWalletHref)}">Add to Apple Wallet</a>
${google}
</nav>
<section class="share" aria-label="Open on another device">
${linkQrSvg(parts.link)}
<span>Scan to open this pass on your phone</span>
</section>`;
  const colors = `:root{--background:${card.colors.background};--foreground:${card.colors.foreground};--label:${card.colors.label}}`;
  return htmlPage({ title, language: parts.language, style: `${BASE_STYLE}${colors}`, body });
}
