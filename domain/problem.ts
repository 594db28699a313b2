/** A message in the languages Passbase speaks: English always, Czech where it has been written. */
export interface Localized {
  en: string;
  cs?: string;
}

/**
 * A problem found in what a person made (a template, a product, a pass): where it is (a JSON pointer or a setting's
 * name) and what it is, in English and, where written, in Czech. The API answers `cs` as `message` to a request
 * that asks for Czech; the console shows it to a user who chose Czech.
 */
export interface Problem {
  path: string;
  message: string;
  cs?: string;
}

/** A problem with its message in both languages. */
export const problemAt = (path: string, message: Localized): Problem =>
  message.cs === undefined ? { path, message: message.en } : { path, message: message.en, cs: message.cs };

/** A message in a language: the Czech words when asked for and written, else the English. */
export const textIn = (message: Localized, language: string): string =>
  language === 'cs' && message.cs !== undefined ? message.cs : message.en;

/**
 * The problems as a reader of `language` sees them: each message in that language where it has been written
 * (otherwise English), without the other language.
 *
 * @example problemsIn(check.errors, 'cs') // [{ path: '/jsonTemplate/description', message: 'Vyplňte hodnotu' }]
 */
export function problemsIn<T extends Problem>(
  problems: readonly T[],
  language: string,
): Array<Omit<T, 'cs'>> {
  return problems.map(({ cs, ...problem }) => ({
    ...problem,
    message: textIn({ en: problem.message, cs }, language),
  }));
}
