import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CoreDataProvider } from '../dataProviders/coreDataProvider';

/**
 * The Apple Wallet pre-flight of a pass or a template, read once for every part of a screen that shows it (the
 * Wallet check, the Download pkpass button, the template's Error tab).
 *
 * @example const { data } = useWalletPreflight('pass', pass?.id) // data?.errors: what stops signing
 */
export function useWalletPreflight(resource: 'pass' | 'template', id: string | undefined) {
  const dataProvider = useDataProvider<CoreDataProvider>();
  return useQuery({
    queryKey: ['walletPreflight', resource, id],
    queryFn: () => dataProvider.preflight(resource, id as string),
    enabled: Boolean(id),
  });
}
