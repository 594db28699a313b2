import type { Problem } from '../../../domain/problem';
import type { Template } from '../../../domain/schemas/template';
import type { TicketEvent } from '../../../domain/ticket/ticketContract';
import { ticketTemplateProblems, type TicketTemplateCheck } from '../../../domain/ticket/ticketTemplateCheck';
import { FIELD_AREAS, PASS_STYLES } from '../../../domain/template/limits';

/** What the check reads of a template: the register's templates have it all. */
export type ContractTemplate = Pick<Template, 'id' | 'name' | 'jsonTemplate' | 'dynamicDataJsonSchema'>;

/** A problem of one of a product's templates with the ticket contract; its path is inside the template. */
export interface ContractProblem extends Problem {
  template: ContractTemplate;
}

export interface ProductContractCheck {
  /** the server refuses the product while there are any */
  errors: ContractProblem[];
}

// The form checks on every keystroke: a template's answer is kept per event until the template changes.
const checked = new WeakMap<object, Map<string, TicketTemplateCheck>>();

function checkOf(template: ContractTemplate, event: TicketEvent | null | undefined): TicketTemplateCheck {
  const key = JSON.stringify(event ?? null);
  let byEvent = checked.get(template);
  if (!byEvent) checked.set(template, (byEvent = new Map()));
  let check = byEvent.get(key);
  if (!check) byEvent.set(key, (check = ticketTemplateProblems(template, event)));
  return check;
}

/**
 * Can the checkout issue a product's tickets from each of its templates (domain/ticket/ticketTemplateCheck), against
 * the product's event? Templates the viewer cannot read are not judged (the server still is).
 *
 * @example productContractCheck(byId, product.templateIds, product.event).errors // [] when every template fits
 */
export function productContractCheck(
  templatesById: ReadonlyMap<string, ContractTemplate>,
  templateIds: unknown,
  event: unknown,
): ProductContractCheck {
  const ids = Array.isArray(templateIds) ? templateIds.filter((id) => typeof id === 'string') : [];
  const errors: ContractProblem[] = [];
  for (const id of new Set(ids)) {
    const template = templatesById.get(id);
    if (!template) continue;
    const check = checkOf(template, (event ?? null) as TicketEvent | null);
    errors.push(...check.errors.map((problem) => ({ ...problem, template })));
  }
  return { errors };
}

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
