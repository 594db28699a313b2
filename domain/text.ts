const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a text cannot be stored as it is, or undefined when it can. PostgreSQL keeps neither the NUL character nor half
 * of a UTF-16 surrogate pair in text or jsonb: refused up front, they get a clear message instead of a database error.
 *
 * @example unstorableText('a\u0000b') // 'must not contain the NUL character (\\u0000)'
 */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it has half of a surrogate pair)';
  return undefined;
}

const CZECH_TEXT_PROBLEMS: Record<string, string> = {
  'must not contain the NUL character (\\u0000)': 'nesmí obsahovat znak NUL (\\u0000)',
  'must be valid Unicode text (it has half of a surrogate pair)':
    'musí být platný text Unicode (obsahuje polovinu náhradního páru)',
};

/** A problem of unstorableText in Czech (the API answers a request in Czech with it). */
export const czechTextProblem = (problem: string): string => CZECH_TEXT_PROBLEMS[problem] ?? problem;

/** The text with NUL and lone surrogates written as escapes, safe to repeat in a message. */
export function printableText(text: string): string {
  const escape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return text.replaceAll('\u0000', escape('\u0000')).replace(new RegExp(LONE_SURROGATE, 'g'), escape);
}
