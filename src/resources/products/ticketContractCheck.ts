import type { Template } from '../../../domain/schemas/template';
import type { ProductTemplateProblem } from '../../../domain/ticket/ticketTemplateCheck';
import { FIELD_AREAS, PASS_STYLES } from '../../../domain/template/limits';

/** A problem of one of a product's templates (domain/ticket/ticketTemplateCheck), a template of the register. */
export type ContractProblem = ProductTemplateProblem<Template>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const FIELD_PARTS = ['label', 'value', 'attributedValue', 'changeMessage'];
const TOP_LEVEL = ['description', 'organizationName', 'logoText', 'relevantDate', 'expirationDate'];

/**
 * Where in a template a problem's path points, in words: 'barcode 1 (message)', 'primary field "event" (value)',
 * 'description'. Keys under app.ticket.contract.place.
 *
 * @example placeInWords('/jsonTemplate/barcodes/0/message', jsonTemplate, translate) // 'barcode 1 (message)'
 */
export function placeInWords(path: string, jsonTemplate: unknown, translate: Translate): string {
  const words = (key: string, options?: Record<string, unknown>) =>
    translate(`app.ticket.contract.place.${key}`, options);
  const [root, ...parts] = path.split('/').slice(1);
  if (root === 'dynamicDataJsonSchema') return words('schemaRequired');
  const [first, second, third, fourth] = parts;
  if (first === 'barcodes') {
    if (second === undefined) return words('barcodes');
    const barcode = words('barcode', { number: Number(second) + 1 });
    return third === 'message' ? `${barcode} (${words('message')})` : barcode;
  }
  const style = PASS_STYLES.find((candidate) => candidate === first);
  const area = FIELD_AREAS.find((candidate) => candidate === second);
  if (style && area && third !== undefined) {
    const body = isRecord(jsonTemplate) ? jsonTemplate[style] : undefined;
    const fields = isRecord(body) ? body[area] : undefined;
    const field = Array.isArray(fields) ? fields[Number(third)] : undefined;
    const key = isRecord(field) && typeof field.key === 'string' ? field.key : String(Number(third) + 1);
    const place = words(area, { key });
    return fourth && FIELD_PARTS.includes(fourth) ? `${place} (${words(fourth)})` : place;
  }
  if (first && TOP_LEVEL.includes(first)) return words(first);
  return parts.join('/') || words('template');
}
