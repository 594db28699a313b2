import { isUuid } from '../../../domain/where';
import { PLACEHOLDER } from '../../../domain/template/values';

/** A pass's link (…/p/{id}, with or without a query): the id at its end. */
const LINK_ID = /\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:[?#].*)?$/i;

/** The pass id a code names directly: the id itself, or the pass's link. */
export function passIdInCode(code: string): string | undefined {
  const text = code.trim();
  if (isUuid(text)) return text.toLowerCase();
  return LINK_ID.exec(text)?.[1]?.toLowerCase();
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The texts a barcode message may be written as: plain, wrapped ({type, value}) or per language. */
function messageTexts(message: unknown): string[] {
  if (typeof message === 'string') return [message];
  if (!isObject(message)) return [];
  if (typeof message.value === 'string' && typeof message.type === 'string') return [message.value];
  return Object.values(message).filter((text): text is string => typeof text === 'string');
}

/** The barcode messages of a template's pass.json, as written there (with their #{placeholders}). */
export function barcodeMessages(jsonTemplate: unknown): string[] {
  if (!isObject(jsonTemplate)) return [];
  const barcodes = Array.isArray(jsonTemplate.barcodes) ? jsonTemplate.barcodes : [jsonTemplate.barcode];
  return barcodes.filter(isObject).flatMap((barcode) => messageTexts(barcode.message));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The dynamic-data values a scanned code stands for, one set per barcode message of the template that it fits:
 * each `#{placeholder}` of the message matches the text in its place. Messages without placeholders name no pass.
 *
 * @example valuesInCode(['CARD-#{number}'], 'CARD-0042') // [{ number: '0042' }]
 */
export function valuesInCode(messages: readonly string[], code: string): Array<Record<string, string>> {
  const found: Array<Record<string, string>> = [];
  for (const message of messages) {
    const names: string[] = [];
    let pattern = '';
    let last = 0;
    for (const match of message.matchAll(PLACEHOLDER)) {
      pattern += `${escaped(message.slice(last, match.index))}(.+?)`;
      names.push(match[1]);
      last = (match.index ?? 0) + match[0].length;
    }
    if (names.length === 0) continue;
    const parts = new RegExp(`^${pattern}${escaped(message.slice(last))}$`, 's').exec(code);
    if (!parts) continue;
    const values: Record<string, string> = {};
    let consistent = true;
    names.forEach((name, index) => {
      if (values[name] !== undefined && values[name] !== parts[index + 1]) consistent = false;
      values[name] = parts[index + 1];
    });
    if (consistent) found.push(values);
  }
  return found;
}
