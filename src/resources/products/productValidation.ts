import { productProblems, type ProductProblem } from '../../../domain/ticket/productRules';
import type { ProductPeriod } from '../../../domain/schemas/product';

/** The product form's values, as far as the rules read them. */
export interface ProductValues {
  name?: string;
  order?: unknown;
  maxItems?: unknown;
  maxEntries?: unknown;
  units?: unknown;
  priceWithoutVat?: unknown;
  vat?: unknown;
  templateIds?: unknown;
  title?: Record<string, string>;
  warningEnabled?: boolean;
  warningTitle?: Record<string, string>;
  period?: ProductPeriod;
}

const isInteger = (value: unknown) => typeof value === 'number' && Number.isInteger(value);
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

function fieldProblems(values: ProductValues): ProductProblem[] {
  const problems: ProductProblem[] = [];
  if ((values.name ?? '').trim().length < 3)
    problems.push({ path: '/name', message: 'must be at least 3 characters long' });
  for (const field of ['order', 'maxItems', 'maxEntries', 'units'] as const)
    if (!isInteger(values[field])) problems.push({ path: `/${field}`, message: 'must be an integer' });
  if (!isNumber(values.priceWithoutVat) || (values.priceWithoutVat as number) < 0)
    problems.push({ path: '/priceWithoutVat', message: 'must be a number of at least 0' });
  if (!isNumber(values.vat) || (values.vat as number) < 0 || (values.vat as number) > 1)
    problems.push({ path: '/vat', message: 'must be a rate from 0 to 1' });
  const templateIds = Array.isArray(values.templateIds) ? values.templateIds : [];
  if (templateIds.length < 1)
    problems.push({ path: '/templateIds', message: 'must have at least 1 template' });
  else if (new Set(templateIds).size !== templateIds.length)
    problems.push({ path: '/templateIds', message: 'must not repeat a template' });
  return problems;
}

/**
 * Spec section 5, every product rule the form checks: id and name at least 3 characters, integers, at least one
 * template and no repeats, titles (and warning titles) for each e-shop locale, the period's inputs.
 *
 * @example productFormProblems(values, ['cs', 'en']) // [{ path: '/title/en', message: '…' }]
 */
export function productFormProblems(
  values: ProductValues,
  eshopLocales: readonly string[],
): ProductProblem[] {
  return [...fieldProblems(values), ...productProblems(values, eshopLocales)];
}

/** The tab that holds the input of a problem's path. */
export function tabOfProblem(path: string): 'edit' | 'localization' | 'validity' {
  if (path.startsWith('/title') || path.startsWith('/warningTitle')) return 'localization';
  if (path.startsWith('/period')) return 'validity';
  return 'edit';
}

/** A problem in words: "title/cs must be at least 3 characters long (cs)". */
export const describeProblem = (problem: ProductProblem) => `${problem.path.slice(1)} ${problem.message}`;
