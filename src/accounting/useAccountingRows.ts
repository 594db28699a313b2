import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { SalesRow, TransactionRow } from '../../domain/schemas/accounting';
import type { ConsoleDataProvider } from '../dataProviders/consoleDataProvider';
import type { AccountingFilter } from './AccountingFilters';
import { rangeToWhere } from './accountingRange';

/** The rows of one accounting tab for the filter (read when the tab is shown). */
export function useAccountingRows<Kind extends 'sale' | 'transaction'>(
  kind: Kind,
  filter: AccountingFilter,
  enabled: boolean,
) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: ['ticketAccounting', kind, filter],
    queryFn: () =>
      dataProvider.getAccounting(kind, {
        ...rangeToWhere(filter),
        ...(filter.eshopId ? { eshopId: filter.eshopId } : {}),
      }) as Promise<Kind extends 'sale' ? SalesRow[] : TransactionRow[]>,
    enabled,
  });
}
