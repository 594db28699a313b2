import type { Static } from '@sinclair/typebox';
import type { TemplateImage } from '../../../domain/schemas/template';

/** An image of a template or pass: one image id, or an image id per language. */
export type ImageValue = Static<typeof TemplateImage>;

export const isTranslated = (value: ImageValue | undefined): value is Record<string, string> =>
  typeof value === 'object' && value !== null;

/**
 * The image per language: the single image for each language (a map stays as it is).
 *
 * @example translateImage('42', ['en', 'cs']) // { en: '42', cs: '42' }
 */
export function translateImage(
  value: ImageValue | undefined,
  languages: readonly string[],
): ImageValue | undefined {
  if (isTranslated(value) || !value) return value;
  return Object.fromEntries(languages.map((language) => [language, value]));
}

/**
 * One image again: the first language's image (or the first image there is).
 *
 * @example untranslateImage({ en: '42', cs: '43' }, ['en', 'cs']) // '42'
 */
export function untranslateImage(
  value: ImageValue | undefined,
  languages: readonly string[],
): ImageValue | undefined {
  if (!isTranslated(value)) return value;
  const first = languages.find((language) => value[language]);
  return first ? value[first] : Object.values(value)[0];
}
