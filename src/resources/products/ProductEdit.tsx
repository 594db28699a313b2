import { AccessGuard } from '../../common/AccessGuard';
import { ItemEdit } from '../../common/ItemEdit';
import { useViewer } from '../../common/useViewer';
import { productBody } from './productBody';
import { ProductInputs } from './ProductInputs';
import { useProductBeforeSave, useProductChecks } from './productValidation';

export const PRODUCT_RESOURCE = 'ticket/ticketProduct';

/** A product's page: its tabs; Save and Apply run only when the product passes the checks of spec section 5. */
export const ProductEdit = () => (
  // the guard first: the checks read the product's e-shop
  <AccessGuard action="edit">
    <ProductEditView />
  </AccessGuard>
);

const ProductEditView = () => {
  const { viewer } = useViewer();
  const { rules } = useProductChecks();
  const beforeSave = useProductBeforeSave();
  return (
    <ItemEdit
      tabbed
      beforeSave={beforeSave}
      rules={rules}
      canDelete={viewer?.isAdmin ?? false}
      transform={productBody}
    >
      <ProductInputs isAdmin={viewer?.isAdmin ?? false} />
    </ItemEdit>
  );
};
