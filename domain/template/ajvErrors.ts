import type { ErrorObject } from 'ajv';
import { czechFieldProblem } from '../czechFieldProblem';
import type { Problem } from '../problem';

/**
 * Ajv reports every branch of a failed anyOf; a person needs the branch they meant. Keeps, for each failed
 * anyOf, only the errors of its closest branch (the one with the fewest errors). A branch's errors are those under
 * the anyOf in the schema and at or under its place in the value: a shared definition (`$defs`) fails with the same
 * schema path at each place it is used.
 */
export function closestBranchErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  let remaining = [...errors];
  const anyOfs = remaining
    .filter((error) => error.keyword === 'anyOf')
    // innermost first, so that an outer choice compares branches already reduced to their closest inner branch
    .sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const anyOf of anyOfs) {
    if (!remaining.includes(anyOf)) continue;
    const prefix = `${anyOf.schemaPath}/`;
    const place = anyOf.instancePath;
    const branches = new Map<string, ErrorObject[]>();
    for (const error of remaining) {
      if (!error.schemaPath.startsWith(prefix)) continue;
      if (error.instancePath !== place && !error.instancePath.startsWith(`${place}/`)) continue;
      const branch = error.schemaPath.slice(prefix.length).split('/')[0];
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    if (branches.size === 0) continue;
    const closest = [...branches.values()].sort((a, b) => a.length - b.length)[0];
    const dropped = new Set([
      anyOf,
      ...[...branches.values()].flat().filter((error) => !closest.includes(error)),
    ]);
    remaining = remaining.filter((error) => !dropped.has(error));
  }
  return remaining;
}

/**
 * "must have required property 'x'" style wording, with the path where the problem is, and its Czech words.
 *
 * @example problemOf(error, '/jsonTemplate') // { path: '/jsonTemplate/description', message: 'must be string', cs: 'musí být typu string' }
 */
export function problemOf(error: ErrorObject, prefix = ''): Problem {
  const path = `${prefix}${error.instancePath}`;
  // the English names the missing property at its parent's path; so does the Czech
  const cs =
    error.keyword === 'required'
      ? `musí mít povinnou vlastnost '${String(error.params.missingProperty)}'`
      : czechFieldProblem(error.keyword, error.params);
  if (error.keyword === 'additionalProperties')
    return {
      path: `${path}/${String(error.params.additionalProperty)}`,
      message: 'must NOT have additional properties',
      cs,
    };
  if (error.keyword === 'enum' || (error.keyword === 'const' && error.params.allowedValue !== undefined))
    return { path, message: 'must be equal to one of the allowed values', cs };
  return { path, message: error.message ?? 'is not valid', cs };
}
