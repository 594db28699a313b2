import { BASE_STYLE, escapeHtml, htmlPage, type HtmlPage } from './html';

/**
 * The page of a distributable template's public link: one button that hands out a new pass (a POST to itself).
 *
 * @example templateLandingPage({ title: 'Coffee card', organizationName: 'Acme', language: 'en' })
 */
export function templateLandingPage(parts: {
  title: string;
  organizationName: string;
  language: string;
}): HtmlPage {
  const body = `
<main class="message">
<h1>${escapeHtml(parts.title)}</h1>
<p>${escapeHtml(parts.organizationName)}</p>
<form method="post">
<button class="button" type="submit">Get your pass</button>
</form>
</main>`;
  return htmlPage({ title: parts.title, language: parts.language, style: BASE_STYLE, body });
}

/**
 * A page that tells a person what went wrong, for links opened in a browser.
 *
 * @example messagePage('Pass not found', 'This link does not lead to a pass.')
 */
export function messagePage(title: string, message: string): HtmlPage {
  const body = `<main class="message"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main>`;
  return htmlPage({ title, language: 'en', style: BASE_STYLE, body });
}
