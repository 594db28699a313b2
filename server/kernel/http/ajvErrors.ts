import type { ValidateFunction } from 'ajv';
import { czechFieldProblem } from '../../../domain/czechFieldProblem';
import type { Problem } from '../../../domain/problem';

/** One of ajv's errors. */
export type AjvError = NonNullable<ValidateFunction['errors']>[number];

/** A field error of the API (English, with its Czech) from one of ajv's errors. */
export function describeAjvError(error: AjvError): Problem {
  return { ...englishProblem(error), cs: czechFieldProblem(error.keyword, error.params) };
}

function englishProblem(error: AjvError): Problem {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const at = (name: string) => (base ? `${base}.${name}` : name);
  switch (error.keyword) {
    case 'required':
      return { path: at(String(error.params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { path: at(String(error.params.additionalProperty)), message: 'is not a known field' };
    case 'format':
      return {
        path: base,
        message:
          error.params.format === 'email'
            ? 'must be a valid e-mail address'
            : `must be a valid ${error.params.format}`,
      };
    case 'minLength': {
      // Text is trimmed before validation (domain/trimmedText): a name of spaces arrives here empty.
      const limit = Number(error.params.limit);
      return {
        path: base,
        message: limit === 1 ? 'must not be empty' : `must be at least ${limit} characters long`,
      };
    }
    case 'pattern':
      return {
        path: base,
        message: error.params.pattern === '\\S' ? 'must not be empty' : 'has a value that is not allowed',
      };
    default:
      return { path: base, message: error.message ?? 'is not valid' };
  }
}
