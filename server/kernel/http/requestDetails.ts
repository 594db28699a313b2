const TAG = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The campaign tag of a public link as the reports count it; anything else than 1 to 64 of [A-Za-z0-9_.-] is dropped.
 *
 * @example tagOf('console') // 'console'
 * @example tagOf('<script>') // null
 */
export function tagOf(value: unknown): string | null {
  return typeof value === 'string' && TAG.test(value) ? value : null;
}

/**
 * The first of the template's languages that the reader accepts (Accept-Language, by weight); undefined when none.
 *
 * @example preferredLanguage('cs-CZ,cs;q=0.9,en;q=0.8', ['en', 'cs']) // 'cs'
 */
export function preferredLanguage(
  acceptLanguage: string | undefined,
  languages: string[],
): string | undefined {
  if (!acceptLanguage) return undefined;
  const asked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [range, ...parameters] = part.trim().split(';');
      const weight = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return {
        language: range.trim().toLowerCase().split('-')[0],
        weight: weight ? Number(weight) : 1,
        index,
      };
    })
    .filter((entry) => entry.language && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return asked.find((entry) => languages.includes(entry.language))?.language;
}
