import DownloadIcon from '@mui/icons-material/GetApp';
import { Alert, Box, Card, CardContent, LinearProgress, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { Button, downloadCSV, useCanAccess, useGetList, useTranslate } from 'react-admin';
import type { RefundTransactionRow, SalesRow, TransactionRow } from '../../domain/schemas/accounting';
import type { Eshop } from '../../domain/schemas/eshop';
import { DEFAULT_CURRENCY } from '../../domain/template/currencies';
import { AccessDeniedPage } from '../pages/ErrorPage';
import { AccountingFilters, type AccountingFilter } from './AccountingFilters';
import { refundsCsv, salesCsv, transactionsCsv } from './accountingCsv';
import { defaultAccountingRange } from './accountingRange';
import { RefundsTab } from './RefundsTab';
import { SalesTab } from './SalesTab';
import { TransactionsTab } from './TransactionsTab';
import { useAccountingRows } from './useAccountingRows';

export const ACCOUNTING_RESOURCE = 'ticket/ticketAccounting';
const ESHOP_RESOURCE = 'ticket/ticketEshop';
const ORDER_RESOURCE = 'ticket/ticketOrder';
type TabKey = 'sales' | 'transactions' | 'refunds';

/**
 * /ticket/ticketAccounting (admin or TICKET_ACCOUNTING): Sales (default, net of refunds), Transactions and Refunds of
 * a range, in each e-shop's currency.
 */
export const AccountingPage = () => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: ACCOUNTING_RESOURCE, action: 'list' });
  const [filter, setFilter] = useState<AccountingFilter>({ ...defaultAccountingRange(), eshopId: '' });
  const [tab, setTab] = useState<TabKey>('sales');
  // the rows carry their e-shop's name; the list of e-shops (filter, currencies) only for who may read it
  const { canAccess: readsEshops } = useCanAccess({ resource: ESHOP_RESOURCE, action: 'list' });
  const { canAccess: readsOrders = false } = useCanAccess({ resource: ORDER_RESOURCE, action: 'show' });
  const { data: eshops = [] } = useGetList<Eshop>(
    ESHOP_RESOURCE,
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: canAccess === true && readsEshops === true },
  );
  const sales = useAccountingRows('sale', filter, canAccess === true && tab === 'sales');
  const transactions = useAccountingRows('transaction', filter, canAccess === true && tab === 'transactions');
  // the refunds: their own tab, and the sales net of them
  const refunds = useAccountingRows(
    'refundTransaction',
    filter,
    canAccess === true && tab !== 'transactions',
  );
  if (canAccess === false) return <AccessDeniedPage />;
  const currencyOf = (id: string) => eshops.find((eshop) => eshop.id === id)?.currency ?? DEFAULT_CURRENCY;
  const current = { sales, transactions, refunds }[tab];
  const exportCsv = () => {
    const text = {
      sales: () => salesCsv((sales.data ?? []) as SalesRow[]),
      transactions: () => transactionsCsv((transactions.data ?? []) as TransactionRow[]),
      refunds: () => refundsCsv((refunds.data ?? []) as RefundTransactionRow[]),
    }[tab]();
    downloadCSV(text, `accounting_${tab}_${filter.from}_${filter.to}`);
  };
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <AccountingFilters value={filter} eshops={eshops} onChange={setFilter} />
          <Box sx={{ flexGrow: 1 }} />
          <Button label="ra.action.export" onClick={exportCsv} disabled={!current.data?.length}>
            <DownloadIcon />
          </Button>
        </Box>
        <Tabs value={tab} onChange={(_event, key: TabKey) => setTab(key)}>
          <Tab value="sales" label={translate('app.ticket.accounting.sales')} />
          <Tab value="transactions" label={translate('app.ticket.accounting.transactions')} />
          <Tab value="refunds" label={translate('app.ticket.accounting.refunds')} />
        </Tabs>
        {current.isPending && current.fetchStatus !== 'idle' && <LinearProgress />}
        {current.error && <Alert severity="error">{String((current.error as Error).message)}</Alert>}
        {tab === 'sales' && sales.data && (
          <SalesTab rows={sales.data} refunds={refunds.data} currencyOf={currencyOf} />
        )}
        {tab === 'transactions' && transactions.data && (
          <TransactionsTab
            rows={transactions.data as TransactionRow[]}
            canOpenOrders={readsOrders}
            currencyOf={currencyOf}
          />
        )}
        {tab === 'refunds' && refunds.data && (
          <RefundsTab rows={refunds.data} canOpenOrders={readsOrders} currencyOf={currencyOf} />
        )}
      </CardContent>
    </Card>
  );
};
