import type { ErrorObject } from 'ajv';

/**
 * Ajv reports every branch of a failed anyOf; a person needs the branch they meant. Keeps, for each failed
 * anyOf, only the errors of its closest branch (the one with the fewest errors).
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
    const branches = new Map<string, ErrorObject[]>();
    for (const error of remaining) {
      if (!error.schemaPath.startsWith(prefix)) continue;
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

/** "must have required property 'x'" style wording, with the path where the problem is. */
export function problemOf(error: ErrorObject, prefix = ''): { path: string; message: string } {
  const path = `${prefix}${error.instancePath}`;
  if (error.keyword === 'additionalProperties')
    return {
      path: `${path}/${String(error.params.additionalProperty)}`,
      message: 'must NOT have additional properties',
    };
  if (error.keyword === 'enum' || (error.keyword === 'const' && error.params.allowedValue !== undefined))
    return { path, message: 'must be equal to one of the allowed values' };
  return { path, message: error.message ?? 'is not valid' };
}
