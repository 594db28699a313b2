import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { problemsIn } from '../../../domain/problem';
import type { Eshop } from '../../../domain/schemas/eshop';
import { ProductWriteSchema } from '../../../domain/schemas/product';
import { productProblems, type ProductProblem } from '../../../domain/ticket/productRules';
import type { FormRules } from '../../common/validation/useFormValidator';
import { writeSchemaProblems } from '../../common/validation/writeSchemaProblems';
import { defaultSortOf } from '../../dataProviders/resourceRegistry';
import { withNumberServiceConfig } from './numberServiceBody';
import { ESHOP_RESOURCE } from './useProductEshop';

/** The locales of an e-shop by its id, from the e-shops the viewer reads (a product's titles need each). */
function useEshopLocales(): (eshopId: unknown) => readonly string[] {
  const { data: eshops } = useGetList<Eshop>(ESHOP_RESOURCE, {
    pagination: { page: 1, perPage: 1000 },
    sort: defaultSortOf(ESHOP_RESOURCE),
  });
  return (eshopId) => eshops?.find((eshop) => eshop.id === eshopId)?.locales ?? [];
}

const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

export interface ProductChecks {
  /** the rules a schema cannot say alone, for the form's validator */
  rules: FormRules;
  /** every problem of the values, in words ("name must be at least 3 characters long") */
  problemsOf: (values: FieldValues) => ProductProblem[];
}

/**
 * Spec section 5, the product's checks: its write schema (through ajv, as the server checks it) and the rules a
 * schema cannot say alone (domain/ticket/productRules: a title for each of the e-shop's locales, the period's inputs
 * for its type), in the console's language. Where both speak of one value, the rule's more precise words are kept.
 *
 * @example const { rules, problemsOf } = useProductChecks(); <ItemEdit rules={rules}>…</ItemEdit>
 */
export function useProductChecks(): ProductChecks {
  const translate = useTranslate();
  const localesOf = useEshopLocales();
  const [language] = useLocaleState();
  const rules: FormRules = (values) =>
    problemsIn(productProblems(values, localesOf(values.eshopId)), language);
  const problemsOf = (values: FieldValues) => {
    const ruled = rules(values);
    // judged as it will be saved: with the config of the chosen number service only
    const fromSchema = writeSchemaProblems(ProductWriteSchema, withNumberServiceConfig(values))
      .filter((problem) => !ruled.some((rule) => overlaps(rule.path, problem.path)))
      .map((problem) => ({
        path: problem.path,
        message: translate(`app.form.reason.${problem.reason.key}`, {
          ...problem.reason.args,
          _: translate('app.form.reason.other'),
        }),
      }));
    return [...fromSchema, ...ruled];
  };
  return { rules, problemsOf };
}

/** The tab that holds the input of a problem's path. */
export function tabOfProblem(path: string): 'edit' | 'localization' | 'validity' {
  if (path.startsWith('/title') || path.startsWith('/warningTitle')) return 'localization';
  if (path.startsWith('/period')) return 'validity';
  return 'edit';
}

/** A problem in words: "title/cs must be at least 3 characters long (cs)". */
export const describeProblem = (problem: ProductProblem) => `${problem.path.slice(1)} ${problem.message}`;
