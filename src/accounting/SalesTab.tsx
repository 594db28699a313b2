import type { SalesRow } from '../../domain/schemas/accounting';
import { AccountingTable, type AccountingColumn } from './AccountingTable';
import { czk, totals } from './accountingCsv';

/** Sales: per e-shop and product, items sold, price and price paid; totals. */
export const SalesTab = ({ rows, eshopName }: { rows: SalesRow[]; eshopName: (id: string) => string }) => {
  const sum = totals(rows, ['count', 'price', 'discountedPrice']);
  const columns: AccountingColumn<SalesRow>[] = [
    { key: 'eshopId', label: 'app.ticket.accounting.eshop', render: (row) => eshopName(row.eshopId) },
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
      render: (row) => czk(row.price),
      numeric: true,
      total: czk(sum.price),
    },
    {
      key: 'discountedPrice',
      label: 'app.ticket.accounting.discountedPrice',
      render: (row) => czk(row.discountedPrice),
      numeric: true,
      total: czk(sum.discountedPrice),
    },
  ];
  return <AccountingTable rows={rows} columns={columns} />;
};
