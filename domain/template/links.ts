/** Links inside texts: only well-formed anchors `<a href="…">text</a>` with a quoted http(s), mailto or tel address. */
const ANCHOR =
  /<a\s+href=(["'])(https?:\/\/[^"'\s<>]+|mailto:[^"'\s<>]+|tel:[+\d][\d\s-]*)\1\s*>([^<]*)<\/a>/gi;

/** True when the text has anchor markup that is not a well-formed link. */
export function hasInvalidLink(text: string): boolean {
  const rest = text.replace(ANCHOR, '');
  return /<\s*\/?\s*a[\s>]/i.test(rest) || /href\s*=/i.test(rest);
}

/** The links of a text, as {url, text}. */
export function linksOf(text: string): Array<{ url: string; text: string }> {
  return [...text.matchAll(ANCHOR)].map((match) => ({ url: match[2], text: match[3] }));
}

/** An attributed value made only of plain links becomes plain text 'label: url' (spec section 4). */
export function plainTextOfLinks(label: string, text: string): string | undefined {
  const links = linksOf(text);
  if (links.length === 0 || text.replace(ANCHOR, '').trim() !== '') return undefined;
  return links.map((link) => `${label ? `${label}: ` : ''}${link.url}`).join('\n');
}
