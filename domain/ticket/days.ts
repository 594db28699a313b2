/** Formats by locale and kind: making one costs far more than formatting with it. A few locales (the e-shops'), bounded. */
const formats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 64;

function formatOf(locale: string, kind: 'day' | 'moment'): Intl.DateTimeFormat {
  const key = `${kind}|${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      kind === 'day'
        ? { dateStyle: 'medium', timeZone: 'UTC' }
        : { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' },
    );
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/**
 * The UTC day of an instant as the locale writes it: tickets are valid for whole days, stored as UTC instants, and
 * every place that shows a validity (the order email, the storefront, the order page) shows the same day. Throws for
 * a malformed locale (Intl's RangeError).
 *
 * @example formatDay(new Date('2026-11-27T09:00:00Z'), 'en') // 'Nov 27, 2026'
 */
export function formatDay(date: Date, locale: string): string {
  return formatOf(locale, 'day').format(date);
}

/**
 * An instant with its time, in UTC, said as such ("Jun 20, 2027, 7:00 PM UTC"): an e-shop has no time zone of its
 * own, so the time shown is the one stored, never the server's zone.
 *
 * @example formatMoment(new Date('2027-06-20T19:00:00Z'), 'cs') // '20. 6. 2027 19:00 UTC'
 */
export function formatMoment(date: Date, locale: string): string {
  return `${formatOf(locale, 'moment').format(date)} UTC`;
}
