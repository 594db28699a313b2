import { PLACEHOLDER, WHOLE_PLACEHOLDER } from '../../../../domain/template/values';

/** The value of a placeholder name, or undefined when there is none. */
export type PlaceholderValues = (name: string) => unknown;

/** A value found by a dotted path in JSON data, e.g. `customer.firstName`. */
export function valueAtPath(data: unknown, path: string): unknown {
  let value = data;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value === null ? undefined : value;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Fills every `#{name}` in the strings of a JSON value. A string that is one placeholder takes the value as it is
 * (a number stays a number); inside a longer text the value is written as text. Names without a value are
 * collected in `missing` and left as they were.
 *
 * @example fillPlaceholders({ points: "#{points}" }, (name) => ({ points: 5 })[name], new Set()) // { points: 5 }
 */
export function fillPlaceholders(value: unknown, values: PlaceholderValues, missing: Set<string>): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(value);
    if (whole) {
      const found = values(whole[1]);
      if (found === undefined) missing.add(whole[1]);
      return found === undefined ? value : found;
    }
    return value.replace(PLACEHOLDER, (text, name: string) => {
      const found = values(name);
      if (found === undefined) missing.add(name);
      return found === undefined ? text : asText(found);
    });
  }
  if (Array.isArray(value)) return value.map((item) => fillPlaceholders(item, values, missing));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillPlaceholders(item, values, missing)]),
    );
  return value;
}
