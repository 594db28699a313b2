import { problemAt, type Problem } from '../problem';
import { placeholderNames } from '../template/values';
import {
  TICKET_BARCODE_FIELDS,
  TICKET_EVENT_FIELDS,
  TICKET_FIELDS,
  eventFieldValues,
  type TicketEvent,
} from './ticketContract';

/** What the check reads of a template. */
export interface TicketTemplate {
  jsonTemplate: unknown;
  dynamicDataJsonSchema?: unknown;
}

/** A placeholder used in the template, and where. */
interface PlaceholderUse {
  path: string;
  name: string;
}

const WRAPPED_TYPES = new Set(['string', 'number', 'date', 'color']);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isWrapped = (value: Record<string, unknown>) =>
  typeof value.type === 'string' && WRAPPED_TYPES.has(value.type) && 'value' in value;
const pointer = (path: string, key: string | number) =>
  `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Every placeholder of a template's value, walking without recursion (a template is a person's JSON). */
function placeholderUses(root: unknown): PlaceholderUse[] {
  const uses: PlaceholderUse[] = [];
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      for (const name of placeholderNames(value)) uses.push({ path, name });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: pointer(path, index) }));
    } else if (isRecord(value)) {
      // a wrapped value's fallback is what shows when its placeholder has no value: no placeholder of its own
      if (isWrapped(value)) {
        pending.push({ value: value.value, path: pointer(path, 'value') });
        continue;
      }
      for (const [key, child] of Object.entries(value))
        // a change message's placeholder stands for the new value (%@): it needs none of its own
        if (key !== 'changeMessage') pending.push({ value: child, path: pointer(path, key) });
    }
  }
  return uses;
}

/** The names a barcode's message holds, whatever its form (a text, texts per language, a wrapped value). */
function messageNames(message: unknown): string[] {
  return placeholderUses(message).map((use) => use.name);
}

const CONTRACT = new Set<string>(Object.keys(TICKET_FIELDS));
const EVENT_FIELDS = new Set<string>(Object.keys(TICKET_EVENT_FIELDS));
const contractList = Object.keys(TICKET_FIELDS).join(', ');

export interface TicketTemplateCheck {
  /** what makes the template unfit for the product's tickets */
  errors: Problem[];
}

/**
 * Can the checkout issue the product's tickets from this template? Its barcodes must carry the ticket's code
 * (`#{ticketSecret}`) or the pass's link (`#{passUrl}`), which the gate checks; every placeholder must be a field of
 * the contract (an event field only when the product's event has that part): a placeholder the checkout leaves
 * empty would show its fallback on every ticket ("Ticket holder: Guest"); the dynamic data schema must not require a
 * field the checkout does not write. Paths are inside the template.
 *
 * @example ticketTemplateProblems({ jsonTemplate }, product.event).errors // [] when the template fits
 */
export function ticketTemplateProblems(
  template: TicketTemplate,
  event: TicketEvent | null | undefined,
): TicketTemplateCheck {
  const errors: Problem[] = [];
  const json = isRecord(template.jsonTemplate) ? template.jsonTemplate : {};
  const barcodes = Array.isArray(json.barcodes) ? json.barcodes : [];
  if (barcodes.length === 0)
    errors.push(
      problemAt('/jsonTemplate/barcodes', {
        en: 'has no barcode: a ticket needs one that carries #{ticketSecret} (or the pass link #{passUrl}) for the gate',
        cs: 'nemá čárový kód: vstupenka potřebuje kód s #{ticketSecret} (nebo odkazem na pas #{passUrl}) pro kontrolu na vstupu',
      }),
    );
  barcodes.forEach((barcode, index) => {
    const names = messageNames(isRecord(barcode) ? barcode.message : undefined);
    if (!names.some((name) => (TICKET_BARCODE_FIELDS as readonly string[]).includes(name)))
      errors.push(
        problemAt(`/jsonTemplate/barcodes/${index}/message`, {
          en: 'does not carry the ticket: its message must hold #{ticketSecret} (or the pass link #{passUrl}), which the gate checks',
          cs: 'nenese vstupenku: zpráva kódu musí obsahovat #{ticketSecret} (nebo odkaz na pas #{passUrl}), který kontroluje vstup',
        }),
      );
  });
  const carried = new Set<string>(Object.keys(eventFieldValues(event)));
  const seen = new Set<string>();
  for (const use of placeholderUses(json)) {
    const key = `${use.path} ${use.name}`;
    if (seen.has(key) || CONTRACT.has(use.name) || carried.has(use.name)) continue;
    seen.add(key);
    const path = `/jsonTemplate${use.path}`;
    errors.push(
      EVENT_FIELDS.has(use.name)
        ? problemAt(path, {
            en: `#{${use.name}} needs the product's event to have it (${use.name}): set it on the product`,
            cs: `#{${use.name}} potřebuje, aby ho měla akce produktu (${use.name}): nastavte ho u produktu`,
          })
        : problemAt(path, {
            en: `#{${use.name}} is not a field the e-shop fills (${contractList}): every ticket would show its fallback`,
            cs: `#{${use.name}} není pole, které e-shop vyplňuje (${contractList}): každá vstupenka by ukázala náhradní hodnotu`,
          }),
    );
  }
  const schema = isRecord(template.dynamicDataJsonSchema) ? template.dynamicDataJsonSchema : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name) => typeof name === 'string')
    : [];
  for (const name of required)
    if (!CONTRACT.has(name) && !carried.has(name))
      errors.push(
        problemAt('/dynamicDataJsonSchema/required', {
          en: `requires "${name}", which the e-shop does not fill`,
          cs: `vyžaduje "${name}", které e-shop nevyplňuje`,
        }),
      );
  return { errors };
}

/** A problem of one of a product's templates with the ticket contract; its path is inside the template. */
export interface ProductTemplateProblem<T extends TicketTemplate = TicketTemplate> extends Problem {
  /** the template's place in the product's templateIds */
  index: number;
  template: T;
}

// The console checks on every keystroke: a template's answer is kept per event until the template changes.
const checked = new WeakMap<object, Map<string, TicketTemplateCheck>>();

function checkOf(template: TicketTemplate, event: TicketEvent | null): TicketTemplateCheck {
  const key = JSON.stringify(event);
  let byEvent = checked.get(template);
  if (!byEvent) checked.set(template, (byEvent = new Map()));
  let check = byEvent.get(key);
  if (!check) byEvent.set(key, (check = ticketTemplateProblems(template, event)));
  return check;
}

/**
 * Can the checkout issue a product's tickets from each of its templates (ticketTemplateProblems), against the
 * product's event? Each template is judged once; one `templateOf` does not know is not judged (the server finds
 * every one first, the console judges those the viewer reads). The server refuses the product while there are any.
 *
 * @example productTemplateProblems(product.templateIds, (id) => templates.get(id), product.event) // [] when every template fits
 */
export function productTemplateProblems<T extends TicketTemplate>(
  templateIds: unknown,
  templateOf: (id: string) => T | undefined,
  event: unknown,
): Array<ProductTemplateProblem<T>> {
  const ids: unknown[] = Array.isArray(templateIds) ? templateIds : [];
  const problems: Array<ProductTemplateProblem<T>> = [];
  ids.forEach((id, index) => {
    if (typeof id !== 'string' || ids.indexOf(id) !== index) return;
    const template = templateOf(id);
    if (!template) return;
    const check = checkOf(template, (event ?? null) as TicketEvent | null);
    problems.push(...check.errors.map((problem) => ({ ...problem, index, template })));
  });
  return problems;
}
