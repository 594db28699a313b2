/**
 * The shapes of a text of the pass.json (spec sections 3 and 5): plain, per language ({ en: '…' }), or wrapped
 * with a placeholder ({ type: 'string', value, fallback }), the value and the fallback each plain or per language.
 */
import { hasPlaceholder } from '../../../domain/template/values';

/** A text, plain or by language code. */
export type Texts = string | Readonly<Record<string, string>>;

/** A stored text taken apart: its value, its fallback, and whether it is wrapped. */
export interface TextParts {
  value: Texts;
  fallback?: Texts;
  wrapped: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A value with a type: `{ type, value, fallback? }`.
 *
 * @example isWrappedValue({ type: 'number', value: '#{points}', fallback: 0 }) // true
 */
export const isWrappedValue = (
  value: unknown,
): value is { type: unknown; value: unknown; fallback?: unknown } => isRecord(value) && 'type' in value;

/**
 * A text by language code?
 *
 * @example isPerLanguage({ en: 'Hi' }) // true
 */
export const isPerLanguage = (texts: Texts | undefined): texts is Readonly<Record<string, string>> =>
  typeof texts === 'object';

function textsOf(value: unknown): Texts {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (!isRecord(value)) return '';
  return Object.fromEntries(
    Object.entries(value).map(([language, text]) => [
      language,
      typeof text === 'string' ? text : String(text),
    ]),
  );
}

/**
 * A stored text taken apart.
 *
 * @example textPartsOf({ type: 'string', value: 'Hi #{name}', fallback: 'Hi guest' })
 * // { value: 'Hi #{name}', fallback: 'Hi guest', wrapped: true }
 */
export function textPartsOf(stored: unknown): TextParts {
  if (!isWrappedValue(stored)) return { value: textsOf(stored), wrapped: false };
  const fallback = stored.fallback === undefined ? undefined : textsOf(stored.fallback);
  return { value: textsOf(stored.value), ...(fallback === undefined ? {} : { fallback }), wrapped: true };
}

/**
 * The text in one language (a plain text is the text of every language); '' when there is none.
 *
 * @example textIn({ en: 'Hi', cs: 'Ahoj' }, 'cs') // 'Ahoj'
 */
export function textIn(texts: Texts | undefined, language?: string): string {
  if (texts === undefined) return '';
  if (typeof texts === 'string') return texts;
  return language === undefined ? '' : (texts[language] ?? '');
}

/**
 * The text of every language: a plain text is copied to each.
 *
 * @example perLanguage('Hi', ['en', 'cs']) // { en: 'Hi', cs: 'Hi' }
 */
export function perLanguage(texts: Texts, languages: readonly string[]): Record<string, string> {
  if (typeof texts === 'object') return { ...texts };
  return Object.fromEntries(languages.map((language) => [language, texts]));
}

/**
 * One text for all languages: the first language's.
 *
 * @example singleText({ cs: 'Ahoj', en: 'Hi' }, ['en', 'cs']) // 'Hi'
 */
export function singleText(texts: Texts, languages: readonly string[]): string {
  if (typeof texts === 'string') return texts;
  return texts[languages[0]] ?? Object.values(texts)[0] ?? '';
}

/**
 * The texts with one language's text (or the plain text, without a language) replaced.
 *
 * @example withText('Hi', 'cs', 'Ahoj', ['en', 'cs']) // { en: 'Hi', cs: 'Ahoj' }
 */
export function withText(
  texts: Texts | undefined,
  language: string | undefined,
  text: string,
  languages: readonly string[],
): Texts {
  if (language === undefined) return text;
  return { ...perLanguage(texts ?? '', languages), [language]: text };
}

const textList = (texts: Texts): string[] => (typeof texts === 'string' ? [texts] : Object.values(texts));

/**
 * Does the text, in any language, hold a placeholder?
 *
 * @example hasPlaceholderIn({ en: 'Hi #{name}', cs: 'Ahoj' }) // true
 */
export const hasPlaceholderIn = (texts: Texts): boolean => textList(texts).some(hasPlaceholder);

/**
 * No text, or only empty texts.
 *
 * @example isEmptyText({ en: '', cs: '' }) // true
 */
export const isEmptyText = (texts: Texts | undefined): boolean =>
  texts === undefined || textList(texts).every((text) => text === '');

/**
 * The text as the pass.json keeps it: wrapped while it holds a placeholder (the fallback left out while empty),
 * plain otherwise; an empty optional plain text is no text (undefined).
 *
 * @example storedText({ value: 'Hi #{name}', fallback: '' }, { required: true }) // { type: 'string', value: 'Hi #{name}' }
 * @example storedText({ value: 'Hi', fallback: 'Hi guest' }, { required: true }) // 'Hi'
 */
export function storedText(
  parts: { value: Texts; fallback?: Texts },
  options: { required: boolean },
): unknown {
  if (!hasPlaceholderIn(parts.value))
    return parts.value === '' && !options.required ? undefined : parts.value;
  return {
    type: 'string',
    value: parts.value,
    ...(isEmptyText(parts.fallback) ? {} : { fallback: parts.fallback }),
  };
}
