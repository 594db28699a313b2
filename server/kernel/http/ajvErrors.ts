import type { ValidateFunction } from 'ajv';
import { czechFieldProblem } from '../../../domain/czechFieldProblem';
import type { Problem } from '../../../domain/problem';

/** One of ajv's errors. */
export type AjvError = NonNullable<ValidateFunction['errors']>[number];

/** A field error of the API (English, with its Czech) from one of ajv's errors. */
export function describeAjvError(error: AjvError): Problem {
  return { ...englishProblem(error), cs: czechFieldProblem(error.keyword, error.params) };
}

/**
 * The field errors of a failed validation, one message a problem: ajv reports a union (anyOf) as the failure of each
 * branch and of the union itself. A nullable value's "must be null" is left out (its other branch says what is
 * wanted), and a choice of constants is one message naming them.
 *
 * @example describeAjvErrors(errors) // [{ path: 'order', message: 'must be asc or desc', cs: 'musí být asc nebo desc' }]
 */
export function describeAjvErrors(errors: readonly AjvError[]): Problem[] {
  const merged = new Map<AjvError, Problem>();
  const dropped = new Set<AjvError>();
  for (const union of errors) {
    if (union.keyword !== 'anyOf' && union.keyword !== 'oneOf') continue;
    const branches = errors.filter((error) => branchOf(union, error) !== undefined);
    const constants = branches.filter((error) => error.keyword === 'const');
    if (branches.length > 0 && constants.length === branches.length) {
      for (const error of [union, ...branches]) dropped.add(error);
      const values = constants.map((error) => String(error.params.allowedValue));
      merged.set(union, {
        path: pathOf(union),
        message: `must be ${listed(values, 'or')}`,
        cs: `musí být ${listed(values, 'nebo')}`,
      });
      continue;
    }
    const nulls = branches.filter((error) => error.keyword === 'type' && error.params.type === 'null');
    const others = new Set(
      branches.filter((error) => !nulls.includes(error)).map((error) => branchOf(union, error)),
    );
    if (nulls.length === 0 || others.size !== 1) continue;
    dropped.add(union);
    for (const error of nulls) dropped.add(error);
  }
  return errors.flatMap(
    (error) => merged.get(error) ?? (dropped.has(error) ? [] : [describeAjvError(error)]),
  );
}

/** The index of the union's branch that reported the error (same value, a schema path under the union's). */
function branchOf(union: AjvError, error: AjvError): string | undefined {
  if (error === union || error.instancePath !== union.instancePath) return undefined;
  const prefix = `${union.schemaPath}/`;
  return error.schemaPath.startsWith(prefix)
    ? error.schemaPath.slice(prefix.length).split('/')[0]
    : undefined;
}

/** "asc or desc", "a, b or c". */
const listed = (values: string[], conjunction: string) =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} ${conjunction} ${values.at(-1)}`;

const pathOf = (error: AjvError) => error.instancePath.replace(/^\//, '').replace(/\//g, '.');

/** What a format error asks for, with an example where one helps. */
const FORMAT_WORDS: Record<string, string> = {
  email: 'must be a valid e-mail address',
  'date-time': 'must be a date and time with a time zone, e.g. 2030-01-01T00:00:00Z',
};

function englishProblem(error: AjvError): Problem {
  const base = pathOf(error);
  const at = (name: string) => (base ? `${base}.${name}` : name);
  switch (error.keyword) {
    case 'required':
      return { path: at(String(error.params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { path: at(String(error.params.additionalProperty)), message: 'is not a known field' };
    case 'format':
      return {
        path: base,
        message: FORMAT_WORDS[String(error.params.format)] ?? `must be a valid ${error.params.format}`,
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
