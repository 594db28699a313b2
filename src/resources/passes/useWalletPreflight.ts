import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';

/**
 * The Apple Wallet pre-flight of a pass or a template, read once however many parts of a screen show it.
 *
 * @example const { data, isError } = useWalletPreflight('template', template.id);
 */
export function useWalletPreflight(resource: 'pass' | 'template', id: string | undefined) {
  const dataProvider = useDataProvider<CoreDataProvider>();
  return useQuery({
    queryKey: ['walletPreflight', resource, id],
    queryFn: () => dataProvider.preflight(resource, id as string),
    enabled: Boolean(id),
  });
}
