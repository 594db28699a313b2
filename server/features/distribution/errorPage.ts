import { BASE_STYLE, escapeHtml, htmlPage, type HtmlPage } from './html';
import { publicTexts, type ErrorText, type PublicTexts } from './publicTexts';

/** What a failure means to the person who opened the link: by status, and for 409 by what they asked for. */
function errorTextOf(texts: PublicTexts, statusCode: number, format: string | undefined): ErrorText {
  if (statusCode === 404) return texts.notFound;
  if (statusCode === 400 || statusCode === 414) return texts.badLink;
  if (statusCode === 409)
    return format === 'pkpass'
      ? texts.appleWalletNotReady
      : format === 'savetogooglepayjwt'
        ? texts.googleWalletNotReady
        : texts.passNotShown;
  if (statusCode === 429) return texts.tooManyRequests;
  if (statusCode >= 500) return texts.unavailable;
  return texts.otherFailure;
}

/**
 * The page a browser gets instead of a public link's JSON error: what went wrong and what to do, in the reader's
 * language when the public texts are written in it (else English). `backHref` leads back to the pass's own page;
 * busy and unavailable answers offer to try again.
 *
 * @example publicErrorPage({ statusCode: 409, format: 'pkpass', language: 'cs', backHref: '?' })
 */
export function publicErrorPage(parts: {
  statusCode: number;
  format: string | undefined;
  language: string | undefined;
  backHref?: string;
}): HtmlPage {
  const { language, texts } = publicTexts(parts.language);
  const { title, advice } = errorTextOf(texts, parts.statusCode, parts.format);
  const links = [
    parts.backHref
      ? `<a class="button" href="${escapeHtml(parts.backHref)}">${escapeHtml(texts.backToPass)}</a>`
      : '',
    parts.statusCode === 429 || parts.statusCode >= 500
      ? `<a class="button" href="">${escapeHtml(texts.tryAgain)}</a>`
      : '',
  ].join('');
  const body = `<main class="message">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(advice)}</p>
${links ? `<nav class="actions">${links}</nav>` : ''}
</main>`;
  return htmlPage({ title, language, style: BASE_STYLE, body });
}
