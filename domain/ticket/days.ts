/** Day formats by locale: making one costs far more than formatting with it. A few locales (the e-shops'), bounded. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_DAY_FORMATS = 64;

/**
 * A UTC day (the days tickets are valid and orders are paid on, as stored) written the way the locale writes a
 * date; the one day format of the order email and the invoice. Throws for a malformed locale (Intl's RangeError),
 * every time.
 *
 * @example formatDay(new Date('2026-03-04T23:30:00Z'), 'cs') // '4. 3. 2026'; in 'en': 'Mar 4, 2026'
 */
export function formatDay(date: Date, locale: string): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    if (dayFormats.size >= MAX_DAY_FORMATS) dayFormats.clear();
    dayFormats.set(locale, format);
  }
  return format.format(date);
}
