/**
 * An attributed value split into plain text and links. Only well-formed `<a href="…">text</a>` anchors with a
 * web, mail or phone address become links; any other markup stays visible text, so that nothing of a template
 * is ever read as HTML.
 */
export type TextPart = { text: string } | { text: string; href: string };

const ANCHOR = /<a\s+href\s*=\s*(["'])((?:https?:\/\/|mailto:|tel:)[^"'<>]*)\1\s*>([^<]*)<\/a>/gi;

/**
 * @example linkParts('Call <a href="tel:+420123">us</a> now')
 * // [{ text: 'Call ' }, { text: 'us', href: 'tel:+420123' }, { text: ' now' }]
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ANCHOR)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[3] || match[2], href: match[2] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
