import { customizeValidator } from '@rjsf/validator-ajv8';
import { withLinearFormats } from '../../domain/userSchemas/linearFormats';
import { withPatternBudget } from '../../domain/userSchemas/linearRegExp';
import { USER_SCHEMA_OPTIONS } from '../../domain/userSchemas/userSchemaAjv';

/** Each of the form library's checks gets a pattern budget of its own, as each validation of the API does. */
function withBudgetPerCheck<T extends object>(validator: T): T {
  return new Proxy(validator, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => withPatternBudget(() => value.apply(target, args));
    },
  });
}

/**
 * The schema form's validator: patterns on RE2 and linear formats, as the API checks the same data, so that no
 * template can hang the browser either. (The form library still matches patternProperties keys with the
 * browser's own engine: DynamicDataInput shows such schemas as plain JSON.)
 */
export const schemaFormValidator = withBudgetPerCheck(
  customizeValidator({
    ajvOptionsOverrides: { code: USER_SCHEMA_OPTIONS.code },
    extenderFn: withLinearFormats,
  }),
);
