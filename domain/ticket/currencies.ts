/** A currency as an e-shop stores it (spec section 3): ISO 4217 letters (`currency`) and number (`currencyCode`). */
export interface Currency {
  letters: string;
  code: number;
}

/**
 * The currencies an e-shop offers to choose, Czech koruna first (the spec's default): the Czech neighbourhood's
 * and the world's most used.
 */
export const COMMON_CURRENCIES: readonly Currency[] = [
  { letters: 'CZK', code: 203 },
  { letters: 'EUR', code: 978 },
  { letters: 'USD', code: 840 },
  { letters: 'GBP', code: 826 },
  { letters: 'PLN', code: 985 },
  { letters: 'CHF', code: 756 },
  { letters: 'HUF', code: 348 },
  { letters: 'SEK', code: 752 },
  { letters: 'NOK', code: 578 },
  { letters: 'DKK', code: 208 },
];

/**
 * The common currency of these ISO letters, if it is one.
 *
 * @example currencyOf('EUR') // { letters: 'EUR', code: 978 }
 */
export function currencyOf(letters: string): Currency | undefined {
  return COMMON_CURRENCIES.find((currency) => currency.letters === letters);
}

/**
 * A currency's name and symbol in a language, for a picker: "EUR – Euro (€)"; the letters alone when the language
 * knows neither.
 *
 * @example currencyLabel('CZK', 'cs') // 'CZK – česká koruna (Kč)'; currencyLabel('CHF', 'en') // 'CHF – Swiss Franc'
 */
export function currencyLabel(letters: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(letters);
    const symbol = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: letters,
      currencyDisplay: 'narrowSymbol',
    })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value;
    const withSymbol = symbol && symbol !== letters ? `${name} (${symbol})` : name;
    return name && name !== letters ? `${letters} – ${withSymbol}` : letters;
  } catch {
    return letters;
  }
}
