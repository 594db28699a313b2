import type { Validator } from 'react-admin';
import { productFormProblems, type ProductValues } from './productValidation';

/**
 * An input's validator from the product rules: the first problem at the input's path (spec section 5), so the
 * inputs, the problem list and the save check never disagree.
 *
 * @example <TextInput source="title.cs" validate={ruleAt('/title/cs', locales)} />
 */
export const ruleAt =
  (path: string, locales: readonly string[]): Validator =>
  (_value: unknown, values: unknown) => {
    const problem = productFormProblems(values as ProductValues, locales).find((item) => item.path === path);
    return problem ? problem.message : undefined;
  };
