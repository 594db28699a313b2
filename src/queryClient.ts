import { QueryClient } from '@tanstack/react-query';
import { ITEM_CACHE_MS } from './constants';

/**
 * react-query for the console: an item read with getOne stays cached 15 minutes after its views unbind
 * and is read again when older than 15 minutes (a new id is a new query, so it is always read).
 *
 * @example const queryClient = createQueryClient(['identity/project', 'identity/user']);
 */
export function createQueryClient(resources: readonly string[]): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  for (const resource of resources) {
    queryClient.setQueryDefaults([resource, 'getOne'], { staleTime: ITEM_CACHE_MS, gcTime: ITEM_CACHE_MS });
  }
  return queryClient;
}
