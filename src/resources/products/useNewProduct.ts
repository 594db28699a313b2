import { useGetList, useLocaleState } from 'react-admin';
import type { Eshop } from '../../../domain/schemas/eshop';
import { defaultProduct } from '../../../domain/ticket/defaults';
import { defaultSortOf } from '../../dataProviders/resourceRegistry';
import { ESHOP_RESOURCE } from './useProductEshop';

/**
 * A new product's values (spec section 3): under the first e-shop of the list, named in the console's language,
 * with no template chosen (the user picks it; Save is blocked until one is); undefined while the e-shops are read.
 */
export function useNewProduct(): Readonly<Record<string, unknown>> | undefined {
  const { data: eshops, isPending } = useGetList<Eshop>(ESHOP_RESOURCE, {
    pagination: { page: 1, perPage: 1 },
    sort: defaultSortOf(ESHOP_RESOURCE),
  });
  const [language] = useLocaleState();
  if (isPending) return undefined;
  const eshop = eshops?.[0];
  return eshop ? defaultProduct(eshop, language) : {};
}
