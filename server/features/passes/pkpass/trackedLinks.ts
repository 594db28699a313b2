import type { ServerConfig } from '../../../kernel/config';
import type { PassJsonResult } from './passJson';
import { asRecord } from './jsonParts';

const HTTP_HREF = /(<a\s[^>]*href\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi;

/**
 * Where a click on a link of a pass goes when its template tracks links: the distribution's redirect, which
 * counts it and sends the wallet on (`server/features/distribution/routes/linkRedirect.ts`).
 *
 * @example linkRedirectBase(config, passId) // 'https://passes.example.com/p/{passId}/link'
 */
export function linkRedirectBase(
  config: Pick<ServerConfig, 'publicUrl' | 'passBase'>,
  passId: string,
): string {
  const base = /^https?:\/\//.test(config.passBase)
    ? config.passBase
    : `${config.publicUrl}${config.passBase}`;
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(passId)}/link`;
}

/**
 * A text with its http(s) anchors pointing at the redirect, each carrying its own address.
 *
 * @example trackLinksIn('<a href="https://a.example">A</a>', 'https://p.example/p/1/link')
 * // '<a href="https://p.example/p/1/link?url=https%3A%2F%2Fa.example">A</a>'
 */
export function trackLinksIn(text: string, redirect: string): string {
  return text.replace(
    HTTP_HREF,
    (_match, opening: string, quote: string, url: string) =>
      `${opening}${quote}${redirect}?url=${encodeURIComponent(url.replace(/&amp;/g, '&'))}${quote}`,
  );
}

/**
 * The built pass with the links of its attributed values (in pass.json, and in the texts per language that
 * localised values became) going through the redirect.
 */
export function withTrackedLinks(built: PassJsonResult, redirect: string): PassJsonResult {
  const passJson = structuredClone(built.passJson);
  for (const body of Object.values(passJson)) {
    for (const fields of Object.values(asRecord(body))) {
      if (!Array.isArray(fields)) continue;
      for (const field of fields.map(asRecord))
        if (typeof field.attributedValue === 'string')
          field.attributedValue = trackLinksIn(field.attributedValue, redirect);
    }
  }
  const strings = Object.fromEntries(
    Object.entries(built.strings).map(([language, entries]) => [
      language,
      Object.fromEntries(Object.entries(entries).map(([key, text]) => [key, trackLinksIn(text, redirect)])),
    ]),
  );
  return { ...built, passJson, strings };
}
