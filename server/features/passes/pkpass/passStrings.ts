/** A text as a quoted .strings literal: backslashes, quotes and line breaks escaped. */
function quoted(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
  return `"${escaped}"`;
}

/**
 * A `pass.strings` file (UTF-8): one `"key" = "value";` a line.
 *
 * @example passStringsFile({ Name: 'Jméno' }) // '"Name" = "Jméno";\n' as bytes
 */
export function passStringsFile(entries: Record<string, string>): Buffer {
  const lines = Object.entries(entries).map(([key, value]) => `${quoted(key)} = ${quoted(value)};\n`);
  return Buffer.from(lines.join(''), 'utf8');
}
