export type JsonTextResult =
  { ok: true; value: unknown } | { ok: false; error: string; args?: Record<string, unknown> };

export interface JsonTextRules {
  /** an empty text (or `null`) stands for null */
  allowNull?: boolean;
  /** only a JSON object is a value (the default) */
  objectsOnly?: boolean;
}

/** A value as the JSON text areas show it: two-space indented, empty for null. */
export const toJsonText = (value: unknown): string =>
  value === null || value === undefined ? '' : JSON.stringify(value, null, 2);

/**
 * The value of a JSON text, or why it is none (a translation key and its arguments).
 *
 * @example parseJsonText('{"a":1}') // { ok: true, value: { a: 1 } }
 */
export function parseJsonText(text: string, rules: JsonTextRules = {}): JsonTextResult {
  const { allowNull = false, objectsOnly = true } = rules;
  if (text.trim() === '')
    return allowNull ? { ok: true, value: null } : { ok: false, error: 'app.json.empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: 'app.json.invalid', args: { reason: (error as Error).message } };
  }
  if (value === null) return allowNull ? { ok: true, value } : { ok: false, error: 'app.json.empty' };
  if (objectsOnly && (typeof value !== 'object' || Array.isArray(value)))
    return { ok: false, error: 'app.json.notObject' };
  return { ok: true, value };
}
