const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in its currency, written the way the locale writes money; the one money format of the e-mail, the
 * invoice and the console. An unknown locale or currency code (Intl throws) falls back to "484.00 XYZ".
 *
 * @example formatMoney(484, 'CZK', 'cs') // '484,00 Kč' (a no-break space before Kč); formatMoney(484, 'CZK', 'en') // 'CZK 484.00'
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      return `${amount.toFixed(2)} ${currency}`;
    }
    formats.set(key, format);
  }
  return format.format(amount);
}
