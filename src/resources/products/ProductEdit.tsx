import { useGetOne, useParams } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { Eshop } from '../../../domain/schemas/eshop';
import type { Product } from '../../../domain/schemas/product';
import { ItemEdit } from '../../common/ItemEdit';
import { useNotifyResult } from '../../common/useNotifyResult';
import { useViewer } from '../../common/useViewer';
import { ProductInputs } from './ProductInputs';
import { describeProblem, productFormProblems, type ProductValues } from './productValidation';
import { ESHOP_RESOURCE } from './useProductEshop';

export const PRODUCT_RESOURCE = 'ticket/ticketProduct';

/** A product's page: its tabs; Save and Apply run only when the product passes the rules of spec section 5. */
export const ProductEdit = () => {
  const { id = '' } = useParams<{ id: string }>();
  const { viewer } = useViewer();
  const notifyResult = useNotifyResult();
  const { data: product } = useGetOne<Product>(PRODUCT_RESOURCE, { id });
  const { data: eshop } = useGetOne<Eshop>(
    ESHOP_RESOURCE,
    { id: product?.eshopId ?? '' },
    { enabled: Boolean(product?.eshopId) },
  );
  const beforeSave = (values: FieldValues) => {
    const problems = productFormProblems(values as ProductValues, eshop?.locales ?? []);
    if (problems.length === 0) return true;
    notifyResult('error', 'app.messages.someRequired', {}, problems.map(describeProblem).join('; '));
    return false;
  };
  return (
    <ItemEdit tabbed beforeSave={beforeSave} canDelete={viewer?.isAdmin ?? false}>
      <ProductInputs isAdmin={viewer?.isAdmin ?? false} />
    </ItemEdit>
  );
};
