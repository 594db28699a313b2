import polyglotI18nProvider from 'ra-i18n-polyglot';
import czechMessages from 'ra-language-czech';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { cs } from './cs';
import { en } from './en';

export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'cs', name: 'Čeština' },
];

type Messages = { [key: string]: string | Messages };

/** Deep merge: the second wins, the first fills the keys it lacks (ra-language-czech lags behind react-admin). */
function merge(base: Messages, over: Messages): Messages {
  const result: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const previous = result[key];
    result[key] = typeof value === 'object' && typeof previous === 'object' ? merge(previous, value) : value;
  }
  return result;
}

const english = merge(englishMessages as unknown as Messages, en) as unknown as TranslationMessages;
const czech = merge(
  merge(englishMessages as unknown as Messages, czechMessages as unknown as Messages),
  cs,
) as unknown as TranslationMessages;

export const messagesByLocale: Record<string, TranslationMessages> = { en: english, cs: czech };

/**
 * English first, Czech second; react-admin keeps the chosen language in its store (per user).
 *
 * @example <Admin i18nProvider={createI18nProvider()} />
 */
export function createI18nProvider(initialLocale = 'en'): I18nProvider {
  return polyglotI18nProvider((locale) => messagesByLocale[locale] ?? english, initialLocale, LOCALES, {
    allowMissing: true,
  });
}
