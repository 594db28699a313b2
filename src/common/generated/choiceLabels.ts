import type { TranslateFunction } from 'react-admin';

/**
 * The label of one value of a choice field, in the console's language: under the hint's `labels`, else under the
 * declaration's own `resources.<route>.values.<field>`; the value itself when neither names it.
 *
 * @example choiceLabel(translate, 'ticket/ticketOrder', 'state', 'paid') // 'Paid'
 */
export function choiceLabel(
  translate: TranslateFunction,
  route: string,
  field: string,
  value: string | number,
  labels?: string,
): string {
  const prefix = labels ?? `resources.${route}.values.${field}`;
  return translate(`${prefix}.${value}`, { _: String(value) });
}
