import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RefundTransactionRow, SalesRow } from '../../domain/schemas/accounting';
import { AccountingTable, type AccountingColumn } from './AccountingTable';
import { totals } from './accountingCsv';
import { useAccountingMoney } from './useAccountingMoney';

/**
 * Sales: per e-shop and product, items sold, price and price paid, in the e-shop's currency; totals; then the
 * refunds of sales of the range and the sales net of them (a late payment's refund was never a sale).
 */
export const SalesTab = ({
  rows,
  refunds = [],
  currencyOf,
}: {
  rows: SalesRow[];
  refunds?: readonly RefundTransactionRow[];
  currencyOf: (id: string) => string;
}) => {
  const translate = useTranslate();
  const sum = totals(rows, ['count', 'price', 'discountedPrice']);
  const money = useAccountingMoney(rows, currencyOf);
  const ofSales = refunds.filter((refund) => !refund.latePayment);
  const refunded = totals(ofSales, ['amount']).amount;
  const net = useAccountingMoney([...rows, ...ofSales], currencyOf);
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
  return (
    <>
      <AccountingTable rows={rows} columns={columns} />
      {ofSales.length > 0 && (
        <Stack sx={{ mt: 2 }} alignItems="flex-end" data-testid="accounting-net">
          <Typography variant="body2">
            {translate('app.ticket.accounting.refundsOfSales')}: {net.total(refunded)}
          </Typography>
          <Typography variant="body2" fontWeight="bold">
            {translate('app.ticket.accounting.netSales')}: {net.total(sum.discountedPrice + refunded)}
          </Typography>
        </Stack>
      )}
    </>
  );
};
