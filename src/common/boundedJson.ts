/** Below this depth a value is written `…`: JSON.stringify would recurse once a level (10,000 levels: a stack overflow). */
const MAX_DEPTH = 50;

class Full extends Error {}

/**
 * A JSON value as JSON.stringify writes it, but cut with `…` once longer than `maxChars`, and with `…` for the parts
 * nested deeper than 50 levels: a value of megabytes costs no more than the characters shown.
 *
 * @example boundedJson({ seat: 'x'.repeat(100) }, 12) // '{"seat":"xxx…'
 */
export function boundedJson(value: unknown, maxChars: number): string {
  let text = '';
  const write = (part: string) => {
    text += part;
    if (text.length > maxChars) throw new Full();
  };
  const writeValue = (item: unknown, depth: number) => {
    if (typeof item !== 'object' || item === null) {
      write(JSON.stringify(item) ?? 'null');
      return;
    }
    if (depth >= MAX_DEPTH) {
      write('…');
      return;
    }
    if (Array.isArray(item)) {
      write('[');
      item.forEach((element, index) => {
        if (index > 0) write(',');
        writeValue(element, depth + 1);
      });
      write(']');
      return;
    }
    write('{');
    Object.entries(item).forEach(([key, element], index) => {
      if (index > 0) write(',');
      write(`${JSON.stringify(key)}:`);
      writeValue(element, depth + 1);
    });
    write('}');
  };
  try {
    writeValue(value, 0);
    return text;
  } catch (error) {
    if (!(error instanceof Full)) throw error;
    return `${text.slice(0, maxChars)}…`;
  }
}
