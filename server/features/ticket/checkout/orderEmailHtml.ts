import { safeCssColor, textColorOn } from '../../../../domain/ticket/cssColor';
import type { EshopStyles } from '../../../../domain/schemas/eshop';
import { escapeHtml } from '../../distribution';

/**
 * The HTML of the order email, in pieces: inline styles only (mail programs drop <style> blocks and block remote
 * content), no image and no font from anywhere, every text escaped here and every colour of the e-shop passed
 * through safeCssColor. Tables for the layout, which every mail program lays out alike.
 */

/** The e-shop's colours in the email: the header's, and the brand's for titles and the order button. */
export interface EmailColors {
  header: string;
  headerText: string;
  brand: string;
  brandText: string;
}

const FALLBACK_BRAND = '#1f2937';

/** The e-shop's colours (styles.headerColor, styles.brandPrimary), each a safe CSS colour or ours. */
export function emailColors(
  styles: Pick<EshopStyles, 'brandPrimary' | 'headerColor'> | undefined,
): EmailColors {
  const brand = safeCssColor(styles?.brandPrimary, FALLBACK_BRAND);
  const header = safeCssColor(styles?.headerColor, brand);
  return { header, headerText: textColorOn(header), brand, brandText: textColorOn(brand) };
}

/** A link drawn as a rounded button. */
export function button(url: string, label: string, background: string, color: string): string {
  return (
    `<a href="${escapeHtml(url)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 16px;` +
    `background-color:${background};color:${color};border-radius:8px;font-weight:bold;font-size:14px;` +
    `line-height:20px;text-decoration:none;">${escapeHtml(label)}</a>`
  );
}

/** The wallet badges' look: black and rounded, as Apple and Google draw theirs. */
export const walletButton = (url: string, label: string) => button(url, label, '#000000', '#ffffff');

/** A plain link in the brand's colour. */
export const textLink = (url: string, label: string, colors: EmailColors) =>
  `<a href="${escapeHtml(url)}" style="color:${colors.brand};font-weight:bold;">${escapeHtml(label)}</a>`;

/** A paragraph of text (escaped). */
export const paragraph = (text: string, style = '') =>
  `<p style="margin:0 0 16px;${style}">${escapeHtml(text)}</p>`;

/** One ticket: its product in bold, the lines under it (escaped), then its buttons (HTML). */
export function ticketBlock(title: string, lines: string[], buttons: string[], colors: EmailColors): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border:1px solid #e5e7eb;border-radius:8px;">
<tr><td style="padding:16px;">
<div style="font-size:17px;font-weight:bold;color:${colors.brand};margin:0 0 4px;">${escapeHtml(title)}</div>
${lines.map((line) => `<div style="color:#374151;">${escapeHtml(line)}</div>`).join('\n')}
<div style="margin-top:12px;">${buttons.join('')}</div>
</td></tr>
</table>`;
}

/**
 * The whole message: the e-shop's name in its header colour above the body (HTML), the test-payment notice first
 * of all when there is one, so that no e-shop template can leave it out.
 */
export function emailDocument(parts: {
  locale: string;
  title: string;
  eshopName: string;
  colors: EmailColors;
  notice: string | undefined;
  body: string;
}): string {
  const { colors } = parts;
  const notice = parts.notice
    ? `<tr><td style="padding:12px 24px;background-color:#fef3c7;color:#92400e;"><p style="margin:0;"><strong>${escapeHtml(parts.notice)}</strong></p></td></tr>\n`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(parts.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827;">
${notice}<tr><td style="padding:20px 24px;background-color:${colors.header};color:${colors.headerText};font-size:22px;font-weight:bold;">${escapeHtml(parts.eshopName)}</td></tr>
<tr><td style="padding:24px;">
${parts.body}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
