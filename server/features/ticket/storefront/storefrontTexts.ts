import { LATEST_ESHOP_VERSION, eshopTexts } from '../../../../domain/ticket/eshopVersions';
import type { EshopRow } from '../../../kernel/db/tables';
import { preferredLanguage } from '../../../kernel/http/requestDetails';

/** The texts of one page: `text('shop.tickets')`, in `locale`. */
export type ShopTexts = ReturnType<typeof eshopTexts>;

/** Languages the storefront's own texts are written in: pages of no e-shop (an unknown one) speak one of them. */
const SHIPPED_LANGUAGES = ['en', 'cs'];

/** An e-shop's locales, the first its default (the schema keeps at least one). */
export function localesOf(eshop: Pick<EshopRow, 'locales'>): string[] {
  const locales = Array.isArray(eshop.locales) ? eshop.locales.filter((l) => typeof l === 'string') : [];
  return locales.length ? locales : ['en'];
}

/**
 * The e-shop's texts in a locale (its own messages over its version's defaults); without an e-shop (a page for an
 * unknown one), the defaults of the latest version.
 *
 * @example shopTexts(eshop, 'cs').text('shop.tickets') // 'Vstupenky'
 */
export function shopTexts(
  eshop: Pick<EshopRow, 'eshopVersion' | 'locales' | 'messages'> | undefined,
  locale: string,
): ShopTexts {
  if (!eshop)
    return eshopTexts({ eshopVersion: LATEST_ESHOP_VERSION, locales: [locale], messages: {} }, locale);
  const messages = eshop.messages && typeof eshop.messages === 'object' ? eshop.messages : {};
  return eshopTexts(
    {
      eshopVersion: eshop.eshopVersion,
      locales: localesOf(eshop),
      messages: messages as Record<string, Record<string, string>>,
    },
    locale,
  );
}

/**
 * The language of a storefront page: `?lang=` when the e-shop has it, else the reader's Accept-Language among the
 * e-shop's locales, else the e-shop's first locale.
 *
 * @example pageLanguage(['cs', 'en'], undefined, 'en-GB,en;q=0.9') // 'en'
 */
export function pageLanguage(locales: string[], asked: unknown, acceptLanguage: string | undefined): string {
  if (typeof asked === 'string' && locales.includes(asked)) return asked;
  return preferredLanguage(acceptLanguage, locales) ?? locales[0];
}

/** The language of a page about no e-shop: the reader's among the shipped ones, else English. */
export function readerLanguage(acceptLanguage: string | undefined): string {
  return preferredLanguage(acceptLanguage, SHIPPED_LANGUAGES) ?? 'en';
}

/**
 * A text of a row kept per locale (a product's title): the page's language, else the e-shop's first locale, else
 * `fallback`.
 *
 * @example localized(product.title, 'en', ['cs', 'en'], product.name)
 */
export function localized(value: unknown, language: string, locales: string[], fallback: string): string {
  if (!value || typeof value !== 'object') return fallback;
  const byLocale = value as Record<string, unknown>;
  for (const locale of [language, locales[0]]) {
    const text = byLocale[locale];
    if (typeof text === 'string' && text.trim()) return text.trim();
  }
  return fallback;
}

const languageNames = new Map<string, string>();

/** A language's own name for itself ("Čeština", "English"), for the language switch; the code when Intl has none. */
export function languageName(locale: string): string {
  let name = languageNames.get(locale);
  if (name === undefined) {
    try {
      const own = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
      name = own.charAt(0).toLocaleUpperCase(locale) + own.slice(1);
    } catch {
      name = locale;
    }
    languageNames.set(locale, name);
  }
  return name;
}
