/** A day as YYYY-MM-DD in local time. */
export const toDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The accounting's default range (spec section 9, "starts from a computed date"): from the first day of the current
 * month to today, both as local days; on the first days of a month (before the 5th) the previous month is included,
 * so that the closing of last month stays one click away.
 *
 * @example defaultAccountingRange(new Date(2026, 10, 22)) // { from: '2026-11-01', to: '2026-11-22' }
 */
export function defaultAccountingRange(today: Date = new Date()): { from: string; to: string } {
  const monthsBack = today.getDate() < 5 ? 1 : 0;
  const start = new Date(today.getFullYear(), today.getMonth() - monthsBack, 1);
  return { from: toDay(start), to: toDay(today) };
}

/** Local days as the API's instants: from the start of `from` to the start of the day after `to` (exclusive). */
export function rangeToWhere(range: { from: string; to: string }): { from: string; to: string } {
  const [fromYear, fromMonth, fromDay] = range.from.split('-').map(Number);
  const [toYear, toMonth, toDayOfMonth] = range.to.split('-').map(Number);
  return {
    from: new Date(fromYear, fromMonth - 1, fromDay).toISOString(),
    to: new Date(toYear, toMonth - 1, toDayOfMonth + 1).toISOString(),
  };
}
