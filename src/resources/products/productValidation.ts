import { useGetList, useLocaleState, useTranslate, useTranslateLabel } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { problemsIn, textIn } from '../../../domain/problem';
import type { Eshop } from '../../../domain/schemas/eshop';
import { ProductWriteSchema } from '../../../domain/schemas/product';
import { productProblems, type ProductProblem } from '../../../domain/ticket/productRules';
import { productTemplateProblems } from '../../../domain/ticket/ticketTemplateCheck';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { FormRuleProblem, FormRules } from '../../common/validation/useFormValidator';
import { writeSchemaProblems } from '../../common/validation/writeSchemaProblems';
import { defaultSortOf } from '../../dataProviders/resourceRegistry';
import { useTemplateRegister } from '../templates/useTemplateRegister';
import { productBody } from './productBody';
import { placeInWords, type ContractProblem } from './ticketContractCheck';
import { ESHOP_RESOURCE } from './useProductEshop';
import { vatOutOfRange } from '../../../domain/ticket/vat';

/** The locales of an e-shop by its id, from the e-shops the viewer reads (a product's titles need each). */
function useEshopLocales(): (eshopId: unknown) => readonly string[] {
  const { data: eshops } = useGetList<Eshop>(ESHOP_RESOURCE, {
    pagination: { page: 1, perPage: 1000 },
    sort: defaultSortOf(ESHOP_RESOURCE),
  });
  return (eshopId) => eshops?.find((eshop) => eshop.id === eshopId)?.locales ?? [];
}

const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/**
 * A problem of the product as the form shows it. A `sentence` says it all in words ("VAT is a percentage from 0 to
 * 100"); the others are read after their path ("title/cs must be at least 3 characters long").
 */
export interface ProductFormProblem extends ProductProblem {
  sentence?: boolean;
}

export interface ProductChecks {
  /** the rules a schema cannot say alone, for the form's validator */
  rules: FormRules;
  /** every problem of the values, in words ("name must be at least 3 characters long") */
  problemsOf: (values: FieldValues) => ProductFormProblem[];
}

/**
 * The contract problems of the product's templates in words: 'Template "Ticket", barcode 1 (message): does not carry
 * the ticket: …'.
 */
export function useContractWords(): (problem: ContractProblem) => string {
  const translate = useTranslate();
  const [language] = useLocaleState();
  return (problem) =>
    translate('app.ticket.contract.problem', {
      template: problem.template.name,
      place: placeInWords(problem.path, problem.template.jsonTemplate, translate),
      problem: textIn({ en: problem.message, cs: problem.cs }, language),
    });
}

/**
 * Spec section 5, the product's checks: its write schema (through ajv, as the server checks it) and the rules a
 * schema cannot say alone (domain/ticket/productRules: a title for each of the e-shop's locales, the period's inputs
 * for its type), in the console's language. Where both speak of one value, the rule's more precise words are kept.
 * Also the VAT as a percentage, the event's order, and the ticket contract of each chosen template
 * (domain/ticket/ticketTemplateCheck), which the server checks before saving as well.
 *
 * @example const { rules, problemsOf } = useProductChecks(); <ItemEdit rules={rules}>…</ItemEdit>
 */
export function useProductChecks(): ProductChecks {
  const translate = useTranslate();
  const localesOf = useEshopLocales();
  const [language] = useLocaleState();
  const { byId } = useTemplateRegister();
  const contractWords = useContractWords();
  const contractOf = (values: FieldValues) =>
    productTemplateProblems(values.templateIds, (id) => byId.get(id), productBody(values).event);

  /** rules whose words are whole sentences */
  const sentences = (values: FieldValues): FormRuleProblem[] => {
    const problems: FormRuleProblem[] = [];
    if (vatOutOfRange(values.vat))
      problems.push({ path: '/vat', message: translate('app.ticket.product.vatRange') });
    const contract = contractOf(values).map(contractWords);
    // the templates input shows them all: the list above the tabs names each
    if (contract.length) problems.push({ path: '/templateIds', message: contract.join(' · ') });
    return problems;
  };
  const rules: FormRules = (values) => [
    ...problemsIn(productProblems(values, localesOf(values.eshopId)), language),
    ...sentences(values),
  ];
  const problemsOf = (values: FieldValues) => {
    const ruled = problemsIn(productProblems(values, localesOf(values.eshopId)), language);
    const worded = sentences(values).filter((problem) => problem.path !== '/templateIds');
    const contract = contractOf(values).map((problem) => ({
      path: '/templateIds',
      message: contractWords(problem),
      sentence: true,
    }));
    const precise = [...ruled, ...worded];
    // judged as it will be saved: with the config of the chosen number service only, the event or null
    const fromSchema = writeSchemaProblems(ProductWriteSchema, productBody(values))
      .filter((problem) => !precise.some((rule) => overlaps(rule.path, problem.path)))
      .map((problem) => ({
        path: problem.path,
        message: translate(`app.form.reason.${problem.reason.key}`, {
          ...problem.reason.args,
          _: translate('app.form.reason.other'),
        }),
      }));
    return [
      ...fromSchema,
      ...ruled,
      ...worded.map((problem) => ({ ...problem, sentence: true })),
      ...contract,
    ];
  };
  return { rules, problemsOf };
}

/**
 * What Save and Apply ask first: the product's problems, notified (a value out of its range, or a template that cannot
 * issue tickets, in its own words; missing values as the spec's 'Some fields are required!'); false stops the save.
 *
 * @example <ItemEdit beforeSave={useProductBeforeSave()}>…</ItemEdit>
 */
export function useProductBeforeSave(): (values: FieldValues) => boolean {
  const notifyResult = useNotifyResult();
  const labelOf = useProductFieldLabel();
  const { problemsOf } = useProductChecks();
  return (values) => {
    const problems = problemsOf(values);
    if (problems.length === 0) return true;
    const title = problems.every((problem) => problem.sentence)
      ? 'app.ticket.product.problems'
      : 'app.messages.someRequired';
    notifyResult('error', title, {}, problems.map((problem) => describeProblem(problem, labelOf)).join('; '));
    return false;
  };
}

/** A product's field by its label in the console's language ("Templates" for templateIds). */
export function useProductFieldLabel(): (field: string) => string {
  const translateLabel = useTranslateLabel();
  return (source) => String(translateLabel({ source, resource: 'ticket/ticketProduct' }));
}

/**
 * A problem in words: "Templates must be filled in", "Title (cs) must be at least 3 characters long", or its
 * sentence; a field by its label when `labelOf` names it.
 */
export const describeProblem = (problem: ProductFormProblem, labelOf?: (field: string) => string) => {
  if (problem.sentence) return problem.message;
  const [field = '', ...rest] = problem.path.slice(1).split('/');
  if (!labelOf) return `${problem.path.slice(1)} ${problem.message}`;
  const where = rest.length > 0 ? ` (${rest.join('/')})` : '';
  return `${labelOf(field)}${where} ${problem.message}`;
};
