import type { Random } from './random';

export const NUL = '\u0000';

/** Texts that broke, or could break, a parser, a cast or a database somewhere. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'a',
  NUL,
  `a${NUL}b`,
  `${NUL}@example.com`,
  'admin@test.local\u0000',
  '\ud800',
  'x\udfffy',
  'é😀\u200b\ufeff',
  "' or 1=1 --",
  '"; drop table "user"; --',
  '%',
  '_',
  '\\',
  '%00',
  '$1',
  '{}',
  '[]',
  'null',
  'true',
  'false',
  '1',
  '-1',
  '1.5',
  '1e999',
  '99999999999',
  '100000000000000000',
  'NaN',
  'Infinity',
  '2026-02-30T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '2026-01-01T00:00:00+23:00',
  '2026-01-01T25:61:61Z',
  '2026-01-01',
  '294277-01-01T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  'constructor',
  '__proto__',
  'toString',
  '#{name}',
  '^(a+)+$',
  'https://example.com/a?b=c',
  'javascript:alert(1)',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  1.5,
  -0.25,
  0.1 + 0.2,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 32 + 1,
  99999999999,
  2 ** 53,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  5e-324,
  100000000000000000,
];

/** A text of `length` characters, sometimes not ASCII. */
export function longString(random: Random, length: number): string {
  const unit = random.pick(['a', 'é', '😀', '%', "'"]);
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** Arrays or objects nested `depth` deep around a value, built without recursion. */
export function nested(random: Random, depth: number, inner: unknown = 1): unknown {
  let value = inner;
  const asArray = random.chance(0.5);
  for (let level = 0; level < depth; level += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** Any JSON value that a careless or hostile client might send where something else is expected. */
export function hostileValue(random: Random, depth = 0): unknown {
  const kind = random.int(0, depth > 2 ? 5 : 9);
  switch (kind) {
    case 0:
    case 1:
      return random.pick(HOSTILE_STRINGS);
    case 2:
      return random.pick(HOSTILE_NUMBERS);
    case 3:
      return random.pick([true, false, null]);
    case 4:
      return random.uuid();
    case 5:
      return longString(random, random.pick([300, 5_000, 70_000]));
    case 6:
      return Array.from({ length: random.int(0, 3) }, () => hostileValue(random, depth + 1));
    case 7:
      return hostileObject(random, depth + 1);
    case 8:
      return nested(random, random.pick([20, 200, 2_000]), hostileValue(random, 3));
    default:
      return withKey(
        {},
        random.pick(['$in', '$eq', '$gt', '$like', '$regex', '__proto__']),
        hostileValue(random, depth + 1),
      );
  }
}

/** An object of unknown or hostile keys. */
export function hostileObject(random: Random, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let index = random.int(0, 3); index > 0; index -= 1)
    withKey(
      object,
      random.pick([...HOSTILE_STRINGS, 'unknownField', 'id', 'deletedAt']),
      hostileValue(random, depth + 1),
    );
  return object;
}

/** Sets an own property, even "__proto__" (which `object[key] =` would take as the prototype). */
export function withKey(
  object: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** A text for a query string or a path: a hostile text, a number as text, or a long one. */
export function hostileText(random: Random): string {
  const value = hostileValue(random, 3);
  if (typeof value === 'string') return value;
  return random.chance(0.5) ? String(value) : JSON.stringify(value);
}

/** A hostile text for a path segment: percent-encoded (lone surrogates as the bytes they would be), or raw escapes. */
export function hostilePathSegment(random: Random): string {
  if (random.chance(0.15)) return random.pick(['%ff', '%ED%A0%80', '%', '%zz', '%00', '..', '%2e%2e', '%2F']);
  return encodeURIComponent(wellFormed(hostileText(random))) || 'x';
}

/** The text with lone surrogates replaced, as a URL or a header can carry it. */
export function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
