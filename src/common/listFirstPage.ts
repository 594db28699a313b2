import type { SortPayload, Store } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../constants';
import type { ListRequest } from '../dataProviders/createDataProvider';
import { defaultSortOf } from '../dataProviders/resourceRegistry';

/**
 * What every list (ResourceList) shows first: page 1 of 20 rows in its declaration's default order, unfiltered.
 *
 * @example firstPageOf('passes/pass') // { pagination: { page: 1, perPage: 20 }, sort: { field: 'updatedAt', order: 'DESC' }, filter: {} }
 */
export function firstPageOf(resource: string): {
  pagination: { page: number; perPage: number };
  sort: SortPayload;
  filter: Record<string, never>;
} {
  return { pagination: { page: 1, perPage: DEFAULT_PAGE_SIZE }, sort: defaultSortOf(resource), filter: {} };
}

/**
 * Asks for the first page of the list at a path (`/{area}/{resource}`) as the console starts, alongside the sign-in
 * check and the screen's code; the list then takes that answer (the data provider's preloadList). Only for a list's
 * bare address that the user's store keeps no settings for (order, page size, filters of an earlier visit): what
 * the list asks for then is not guessed here.
 *
 * @example preloadListPage(dataProvider, store, window.location, resourceNames);
 */
export function preloadListPage(
  dataProvider: { preloadList: (resource: string, request: ListRequest) => void },
  store: Pick<Store, 'getItem'>,
  location: { pathname: string; search: string },
  resources: readonly string[],
): void {
  const [, area, name, ...rest] = location.pathname.split('/');
  const resource = `${area}/${name}`;
  if (rest.length || location.search || !resources.includes(resource)) return;
  if (store.getItem(`${resource}.listParams`) !== undefined) return;
  dataProvider.preloadList(resource, firstPageOf(resource));
}
