import { useTranslate } from 'react-admin';
import type { RefundTransactionRow } from '../../domain/schemas/accounting';
import { AccountingTable, type AccountingColumn } from './AccountingTable';
import { totals } from './accountingCsv';
import { orderLineColumns } from './orderLineColumns';
import { useAccountingMoney } from './useAccountingMoney';

/**
 * Refunds: one row per refund of the range, by the time its gateway confirmed it, money out (negative), with its
 * order (a link for who may read orders), credit note and reason; a late payment's refund marked; totals.
 */
export const RefundsTab = ({
  rows,
  canOpenOrders,
  currencyOf,
}: {
  rows: RefundTransactionRow[];
  canOpenOrders: boolean;
  currencyOf: (id: string) => string;
}) => {
  const translate = useTranslate();
  const sum = totals(rows, ['amount']);
  const money = useAccountingMoney(rows, currencyOf);
  const columns: AccountingColumn<RefundTransactionRow>[] = [
    ...orderLineColumns<RefundTransactionRow>(canOpenOrders),
    {
      key: 'creditNoteNumber',
      label: 'app.ticket.accounting.creditNote',
      render: (row) => row.creditNoteNumber || translate('app.ticket.accounting.latePayment'),
    },
    { key: 'reason', label: 'app.ticket.accounting.reason', render: (row) => row.reason },
    {
      key: 'amount',
      label: 'app.ticket.accounting.amount',
      render: (row) => money.row(row, row.amount),
      numeric: true,
      total: money.total(sum.amount),
    },
  ];
  return <AccountingTable rows={rows} columns={columns} />;
};
