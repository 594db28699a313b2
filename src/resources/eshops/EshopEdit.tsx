import { ItemEdit } from '../../common/ItemEdit';
import { useViewer } from '../../common/useViewer';
import { eshopBody } from './eshopBody';
import { EshopInputs } from './EshopInputs';

/** An e-shop's page; saving is for admins only (spec section 6). */
export const EshopEdit = () => {
  const { viewer } = useViewer();
  const isAdmin = viewer?.isAdmin ?? false;
  return (
    <ItemEdit tabbed canSave={isAdmin} canDelete={isAdmin} transform={eshopBody}>
      <EshopInputs isAdmin={isAdmin} mode="edit" />
    </ItemEdit>
  );
};
