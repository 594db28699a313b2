import type { TransformData } from 'react-admin';
import type { FieldValues } from 'react-hook-form';

/**
 * A save's transform as the validator applies it: what the save will send is what the schema judges. A transform
 * that answers later (a promise) cannot be waited for while typing: the values are judged as they are.
 *
 * @example useFormValidator(schema, { toBody: syncTransform(trim) })
 */
export function syncTransform(
  transform: TransformData | undefined,
): ((values: FieldValues) => FieldValues) | undefined {
  if (!transform) return undefined;
  return (values) => {
    const result: unknown = transform(values);
    return result instanceof Promise || !result || typeof result !== 'object'
      ? values
      : (result as FieldValues);
  };
}
