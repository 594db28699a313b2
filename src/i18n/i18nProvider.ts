import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { en } from './en';
import { mergeMessages } from './mergeMessages';

export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'cs', name: 'Čeština' },
];

export const english = mergeMessages(englishMessages, en);

/** The other languages load with their first use, not with the console (their texts are a chunk of their own). */
const loadMessages: Record<string, () => Promise<TranslationMessages>> = {
  cs: () => import('./czech').then((module) => module.czech),
};

/**
 * English first, Czech second; react-admin keeps the chosen language in its store (per user) and waits for its
 * texts before it renders. `loaded` gives texts at once, for a start in another language than English.
 *
 * @example <Admin i18nProvider={createI18nProvider()} />
 */
export function createI18nProvider(
  initialLocale = 'en',
  loaded: Readonly<Record<string, TranslationMessages>> = {},
): I18nProvider {
  const known: Record<string, TranslationMessages> = { en: english, ...loaded };
  const messagesOf = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
    known[locale] ?? loadMessages[locale]?.().then((messages) => (known[locale] = messages)) ?? english;
  return polyglotI18nProvider(messagesOf, initialLocale, LOCALES, { allowMissing: true });
}
