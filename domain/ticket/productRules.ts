import type { ProductPeriod } from '../schemas/product';

export interface ProductProblem {
  path: string;
  message: string;
}

export interface ProductForRules {
  title?: Record<string, string>;
  warningEnabled?: boolean;
  warningTitle?: Record<string, string>;
  period?: ProductPeriod;
}

const MIN_TITLE = 3;

function localeProblems(
  texts: Record<string, string> | undefined,
  locales: readonly string[],
  field: string,
): ProductProblem[] {
  return locales.flatMap((locale) => {
    const text = texts?.[locale]?.trim() ?? '';
    if (text.length >= MIN_TITLE) return [];
    const message = text
      ? `must be at least ${MIN_TITLE} characters long (${locale})`
      : `is required for the e-shop's locale "${locale}"`;
    return [{ path: `/${field}/${locale}`, message }];
  });
}

function periodProblems(period: ProductPeriod | undefined): ProductProblem[] {
  if (!period) return [{ path: '/period/periodType', message: 'is required' }];
  if (period.periodType === 'days') {
    return period.daysMaximalValidity
      ? []
      : [{ path: '/period/daysMaximalValidity', message: 'is required for days' }];
  }
  const problems: ProductProblem[] = [];
  if (!period.intervalFrom)
    problems.push({ path: '/period/intervalFrom', message: 'is required for an interval' });
  if (!period.intervalTo)
    problems.push({ path: '/period/intervalTo', message: 'is required for an interval' });
  if (
    period.intervalFrom &&
    period.intervalTo &&
    Date.parse(period.intervalFrom) > Date.parse(period.intervalTo)
  )
    problems.push({ path: '/period/intervalTo', message: 'must not be before intervalFrom' });
  return problems;
}

/**
 * Spec section 5, the product rules a schema cannot say alone: a title (and, when the warning is on, a warning
 * title) of at least 3 characters for each of the e-shop's locales; the period's inputs for its type.
 * The console runs it on mount and on submit; the server before every save.
 *
 * @example productProblems(product, eshop.locales) // [] when valid
 */
export function productProblems(product: ProductForRules, eshopLocales: readonly string[]): ProductProblem[] {
  return [
    ...localeProblems(product.title, eshopLocales, 'title'),
    ...(product.warningEnabled ? localeProblems(product.warningTitle, eshopLocales, 'warningTitle') : []),
    ...periodProblems(product.period),
  ];
}
