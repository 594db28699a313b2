import type { SalesRow } from '../../domain/schemas/accounting';
import { AccountingTable, type AccountingColumn } from './AccountingTable';
import { totals } from './accountingCsv';
import { useAccountingMoney } from './useAccountingMoney';

/** Sales: per e-shop and product, items sold, price and price paid, in the e-shop's currency; totals. */
export const SalesTab = ({ rows, currencyOf }: { rows: SalesRow[]; currencyOf: (id: string) => string }) => {
  const sum = totals(rows, ['count', 'price', 'discountedPrice']);
  const money = useAccountingMoney(rows, currencyOf);
  const columns: AccountingColumn<SalesRow>[] = [
    { key: 'eshopName', label: 'app.ticket.accounting.eshop', render: (row) => row.eshopName },
    { key: 'type', label: 'app.ticket.accounting.type', render: (row) => row.type },
    {
      key: 'count',
      label: 'app.ticket.accounting.count',
      render: (row) => row.count,
      numeric: true,
      total: sum.count,
    },
    {
      key: 'price',
      label: 'app.ticket.accounting.price',
      render: (row) => money.row(row, row.price),
      numeric: true,
      total: money.total(sum.price),
    },
    {
      key: 'discountedPrice',
      label: 'app.ticket.accounting.discountedPrice',
      render: (row) => money.row(row, row.discountedPrice),
      numeric: true,
      total: money.total(sum.discountedPrice),
    },
  ];
  return <AccountingTable rows={rows} columns={columns} />;
};
