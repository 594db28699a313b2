import type { TransactionRow } from '../../domain/schemas/accounting';
import { AccountingTable, type AccountingColumn } from './AccountingTable';
import { totals } from './accountingCsv';
import { orderLineColumns } from './orderLineColumns';
import { useAccountingMoney } from './useAccountingMoney';

/** Transactions: one row per paid item, with its order (a link for who may read orders), code, discount and price paid; totals. */
export const TransactionsTab = ({
  rows,
  canOpenOrders,
  currencyOf,
}: {
  rows: TransactionRow[];
  /** order numbers link to the order only for a viewer who may read orders */
  canOpenOrders: boolean;
  currencyOf: (id: string) => string;
}) => {
  const sum = totals(rows, ['price', 'discountAmount', 'discountedPrice']);
  const amounts = useAccountingMoney(rows, currencyOf);
  const money = (field: 'price' | 'discountAmount' | 'discountedPrice', label: string) => ({
    key: field,
    label: `app.ticket.accounting.${label}`,
    render: (row: TransactionRow) => amounts.row(row, row[field]),
    numeric: true,
    total: amounts.total(sum[field]),
  });
  const columns: AccountingColumn<TransactionRow>[] = [
    ...orderLineColumns<TransactionRow>(canOpenOrders),
    { key: 'code', label: 'app.ticket.accounting.code', render: (row) => row.code },
    { key: 'type', label: 'app.ticket.accounting.type', render: (row) => row.type },
    money('price', 'price'),
    {
      key: 'discountPercentage',
      label: 'app.ticket.accounting.discountPercentage',
      render: (row) => `${row.discountPercentage} %`,
      numeric: true,
    },
    money('discountAmount', 'discountAmount'),
    money('discountedPrice', 'discountedPrice'),
  ];
  return <AccountingTable rows={rows} columns={columns} />;
};
