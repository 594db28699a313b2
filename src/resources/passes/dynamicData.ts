import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';

/**
 * Why a template's dynamic data schema cannot drive a form (it does not compile), or null when it can.
 *
 * @example schemaProblem({ type: 'object', properties: { n: { type: 'nope' } } }) // 'schema is invalid: …'
 */
export function schemaProblem(schema: unknown): string | null {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema))
    return 'The schema is not a JSON object.';
  const { validationError } = validator.rawValidation(schema as RJSFSchema, {});
  return validationError ? validationError.message : null;
}

/**
 * What is wrong with dynamic data against the template's schema ("must have required property 'name'"),
 * empty when it matches or when the schema itself is broken (the schema's problem is shown instead).
 */
export function dynamicDataProblems(schema: unknown, dynamicData: unknown): string[] {
  if (schemaProblem(schema) !== null) return [];
  const { errors } = validator.rawValidation(schema as RJSFSchema, dynamicData ?? null);
  return (errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`.trim());
}

/** Dynamic data the same for saving: JSON-equal, and no data the same as an empty object. */
export function sameDynamicData(a: unknown, b: unknown): boolean {
  const text = (value: unknown) => {
    const json = JSON.stringify(value ?? null);
    return json === '{}' ? 'null' : json;
  };
  return text(a) === text(b);
}
