import type { ValidateFunction } from 'ajv';
import { schemaPatterns } from '../../../domain/userSchemas/schemaPatterns';
import { createUserSchemaAjv, userSchemaErrors } from '../../../domain/userSchemas/userSchemaAjv';

/** Compiled schemas by schema object: a template's schema is read once and checked on every keystroke. */
const compiled = new WeakMap<object, ValidateFunction | Error>();

/** The schema compiled as the API compiles it (all errors, formats, linear-time patterns); the reason when it cannot be. */
function compile(schema: object): ValidateFunction | Error {
  let result = compiled.get(schema);
  if (!result) {
    try {
      result = createUserSchemaAjv().compile(schema);
    } catch (error) {
      result = error instanceof Error ? error : new Error(String(error));
    }
    compiled.set(schema, result);
  }
  return result;
}

/**
 * Why a template's dynamic data schema cannot drive a form (it does not compile), or null when it can.
 *
 * @example schemaProblem({ type: 'object', properties: { n: { type: 'nope' } } }) // 'schema is invalid: …'
 */
export function schemaProblem(schema: unknown): string | null {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema))
    return 'The schema is not a JSON object.';
  const validate = compile(schema);
  return validate instanceof Error ? validate.message : null;
}

/**
 * Can the schema form show the schema? The form library matches patternProperties keys with the browser's own
 * backtracking engine, which a pattern can hang: such schemas are edited as plain JSON (checked in linear time).
 */
export function formCanShow(schema: object): boolean {
  return !schemaPatterns(schema, '').some((found) => found.keyword === 'patternProperties');
}

/**
 * What is wrong with dynamic data against the template's schema ("/age must be >= 0"), empty when it
 * matches or when the schema itself is broken (the schema's problem is shown instead).
 */
export function dynamicDataProblems(schema: unknown, dynamicData: unknown): string[] {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return [];
  const validate = compile(schema);
  if (validate instanceof Error) return [];
  return userSchemaErrors(validate, dynamicData ?? null).map((error) =>
    `${error.instancePath || '/'} ${error.message ?? ''}`.trim(),
  );
}

/** Dynamic data the same for saving: JSON-equal, and no data the same as an empty object. */
export function sameDynamicData(a: unknown, b: unknown): boolean {
  const text = (value: unknown) => {
    const json = JSON.stringify(value ?? null);
    return json === '{}' ? 'null' : json;
  };
  return text(a) === text(b);
}
