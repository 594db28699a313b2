import { LinearProgress } from '@mui/material';
import { useGetList, useLocaleState } from 'react-admin';
import type { Eshop } from '../../../domain/schemas/eshop';
import { defaultProduct } from '../../../domain/ticket/defaults';
import { AccessGuard } from '../../common/AccessGuard';
import { ItemCreate } from '../../common/ItemCreate';
import { useViewer } from '../../common/useViewer';
import { defaultSortOf } from '../../dataProviders/resourceRegistry';
import { productBody } from './productBody';
import { ProductInputs } from './ProductInputs';
import { useProductBeforeSave, useProductChecks } from './productValidation';
import { ESHOP_RESOURCE } from './useProductEshop';

/**
 * New product (spec section 3 defaults): under the first e-shop of the list, named in the console's language, with
 * no template chosen (the user picks it; Save is blocked until one is).
 * The guard first: the defaults are read from the e-shops.
 */
export const ProductCreate = () => (
  <AccessGuard action="create">
    <ProductCreateView />
  </AccessGuard>
);

const ProductCreateView = () => {
  const { viewer } = useViewer();
  const { data: eshops, isPending } = useGetList<Eshop>(ESHOP_RESOURCE, {
    pagination: { page: 1, perPage: 1 },
    sort: defaultSortOf(ESHOP_RESOURCE),
  });
  const [language] = useLocaleState();
  const { rules } = useProductChecks();
  const beforeSave = useProductBeforeSave();
  if (isPending) return <LinearProgress />;
  const eshop = eshops?.[0];
  const defaults = eshop ? defaultProduct(eshop, language) : undefined;
  return (
    <ItemCreate defaultValues={defaults} rules={rules} transform={productBody} beforeSave={beforeSave}>
      <ProductInputs isAdmin={viewer?.isAdmin ?? false} />
    </ItemCreate>
  );
};
