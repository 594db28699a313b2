import { useFormatMoney } from '../common/useFormatMoney';

/**
 * Money of accounting rows: each row in its e-shop's currency, written as the console's language writes money; a
 * total only when its rows share one currency ("—" when they mix currencies, which do not add up).
 *
 * @example const { row, total } = useAccountingMoney(rows, currencyOf); row(sale, sale.price); total(sum.price)
 */
export function useAccountingMoney<Row extends { eshopId: string }>(
  rows: readonly Row[],
  currencyOf: (eshopId: string) => string,
) {
  const money = useFormatMoney();
  const currencies = new Set(rows.map((row) => currencyOf(row.eshopId)));
  const shared = currencies.size <= 1 ? ([...currencies][0] ?? currencyOf('')) : undefined;
  return {
    row: (row: Row, amount: number) => money(amount, currencyOf(row.eshopId)),
    total: (amount: number) => (shared ? money(amount, shared) : '—'),
  };
}
