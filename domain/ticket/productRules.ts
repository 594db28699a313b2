import { problemAt, type Problem } from '../problem';
import type { ProductPeriod } from '../schemas/product';

/** A problem of a product, by its path in the product (`/title/cs`). */
export type ProductProblem = Problem;

export interface ProductForRules {
  title?: Record<string, string>;
  warningEnabled?: boolean;
  warningTitle?: Record<string, string>;
  period?: ProductPeriod;
  event?: { startsAt?: string | null; endsAt?: string | null } | null;
}

const MIN_TITLE = 3;
const REQUIRED = { en: 'is required', cs: 'je povinné' };
const REQUIRED_FOR_INTERVAL = {
  en: 'is required for an interval',
  cs: 'je povinné pro platnost v intervalu',
};

function localeProblems(
  texts: Record<string, string> | undefined,
  locales: readonly string[],
  field: string,
): ProductProblem[] {
  return locales.flatMap((locale) => {
    const text = texts?.[locale]?.trim() ?? '';
    if (text.length >= MIN_TITLE) return [];
    const message = text
      ? {
          en: `must be at least ${MIN_TITLE} characters long (${locale})`,
          cs: `musí mít alespoň ${MIN_TITLE} znaky (${locale})`,
        }
      : {
          en: `is required for the e-shop's locale "${locale}"`,
          cs: `je povinné pro jazyk e-shopu "${locale}"`,
        };
    return [problemAt(`/${field}/${locale}`, message)];
  });
}

function periodProblems(period: ProductPeriod | undefined): ProductProblem[] {
  if (!period) return [problemAt('/period/periodType', REQUIRED)];
  if (period.periodType === 'days') {
    return period.daysMaximalValidity
      ? []
      : [
          problemAt('/period/daysMaximalValidity', {
            en: 'is required for days',
            cs: 'je povinné pro platnost ve dnech',
          }),
        ];
  }
  const problems: ProductProblem[] = [];
  if (!period.intervalFrom) problems.push(problemAt('/period/intervalFrom', REQUIRED_FOR_INTERVAL));
  if (!period.intervalTo) problems.push(problemAt('/period/intervalTo', REQUIRED_FOR_INTERVAL));
  if (
    period.intervalFrom &&
    period.intervalTo &&
    Date.parse(period.intervalFrom) > Date.parse(period.intervalTo)
  )
    problems.push(
      problemAt('/period/intervalTo', {
        en: 'must not be before intervalFrom',
        cs: 'nesmí být dříve než intervalFrom',
      }),
    );
  return problems;
}

/** An event ends when or after it starts. */
function eventProblems(event: ProductForRules['event']): ProductProblem[] {
  const { startsAt, endsAt } = event ?? {};
  if (!startsAt || !endsAt || !(Date.parse(endsAt) < Date.parse(startsAt))) return [];
  return [
    problemAt('/event/endsAt', {
      en: 'must not be before the event starts (startsAt)',
      cs: 'nesmí být dříve, než akce začne (startsAt)',
    }),
  ];
}

/**
 * Spec section 5, the product rules a schema cannot say alone: a title (and, when the warning is on, a warning
 * title) of at least 3 characters for each of the e-shop's locales; the period's inputs for its type; an event that
 * ends when or after it starts.
 * The console runs it on mount and on submit; the server before every save.
 *
 * @example productProblems(product, eshop.locales) // [] when valid
 */
export function productProblems(product: ProductForRules, eshopLocales: readonly string[]): ProductProblem[] {
  return [
    ...localeProblems(product.title, eshopLocales, 'title'),
    ...(product.warningEnabled ? localeProblems(product.warningTitle, eshopLocales, 'warningTitle') : []),
    ...periodProblems(product.period),
    ...eventProblems(product.event),
  ];
}
