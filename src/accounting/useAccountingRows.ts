import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProviders/consoleDataProvider';
import type { AccountingRows } from '../dataProviders/ticketDataProvider';
import type { AccountingFilter } from './AccountingFilters';
import { rangeToWhere } from './accountingRange';

/** The rows of one accounting tab for the filter (read when the tab is shown). */
export function useAccountingRows<Kind extends keyof AccountingRows>(
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
      }),
    enabled,
  });
}
