import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { addLinearFormats } from './linearFormats';
import { compilePattern, linearRegExp, PatternBudgetExceeded, withPatternBudget } from './linearRegExp';
import { schemaPatterns } from './schemaPatterns';

/**
 * The options of every Ajv that compiles a schema a user wrote (a template's dynamicDataJsonSchema): all errors,
 * unknown keywords and formats ignored, and patterns on RE2, so that no data can make a pattern backtrack.
 */
export const USER_SCHEMA_OPTIONS = {
  allErrors: true,
  strict: false,
  code: { regExp: linearRegExp },
} as const satisfies Options;

/**
 * An Ajv for one user-written schema, with ajv-formats' formats, all linear in time.
 *
 * @example createUserSchemaAjv().compile(template.dynamicDataJsonSchema)
 */
export function createUserSchemaAjv(): Ajv {
  return addLinearFormats(new Ajv(USER_SCHEMA_OPTIONS));
}

/**
 * The patterns of a user-written schema that cannot be used (backreferences, lookaround, too large), by path
 * under `root`, to refuse the schema when it is saved rather than when data meets it.
 *
 * @example patternProblems({ pattern: '(a)\\1' }, '/dynamicDataJsonSchema')
 * // [{ path: '/dynamicDataJsonSchema/pattern', message: 'uses a backreference …' }]
 */
export function patternProblems(schema: unknown, root: string): Array<{ path: string; message: string }> {
  return schemaPatterns(schema, root).flatMap(({ path, pattern }) => {
    const compiled = compilePattern(pattern);
    return compiled.ok ? [] : [{ path, message: compiled.problem }];
  });
}

/**
 * Ajv's errors for data against a compiled user-written schema, empty when it matches; one error at the root
 * when the data is too large to be checked within the pattern budget.
 */
export function userSchemaErrors(validate: ValidateFunction, data: unknown): ErrorObject[] {
  try {
    return withPatternBudget(() => validate(data)) ? [] : [...(validate.errors ?? [])];
  } catch (error) {
    if (!(error instanceof PatternBudgetExceeded)) throw error;
    return [{ keyword: 'pattern', instancePath: '', schemaPath: '#', params: {}, message: error.message }];
  }
}
