import fs from 'node:fs';

/** Bytes of quoted-printable text (RFC 2045), soft line breaks joined. */
const quotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** A header's encoded words (RFC 2047) as text. */
const encodedWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
    );

/**
 * What a person reads in an .eml file the server wrote: the subject and the plain-text and HTML parts, decoded.
 *
 * @example const { subject, text, html } = readEml(receipt.file)
 */
export function readEml(file: string): { subject: string; text: string; html: string } {
  const eml = fs.readFileSync(file, 'utf8');
  const headers = eml.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const subject = encodedWords(/^Subject: (.*)$/m.exec(headers)?.[1] ?? '');
  const part = (type: string) => {
    const match = new RegExp(
      `Content-Type: ${type}[^]*?Content-Transfer-Encoding: ([\\w-]+)\\r?\\n\\r?\\n([^]*?)\\r?\\n--`,
      'i',
    ).exec(eml);
    if (!match) return '';
    const [, encoding, body] = match;
    if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
    return /quoted-printable/i.test(encoding) ? quotedPrintable(body) : body;
  };
  return { subject, text: part('text/plain'), html: part('text/html') };
}
