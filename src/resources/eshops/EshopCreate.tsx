import { AccessGuard } from '../../common/AccessGuard';
import { ItemCreate } from '../../common/ItemCreate';
import { useProjectRegister } from '../../common/useProjectRegister';
import { useViewer } from '../../common/useViewer';
import { defaultEshop } from '../../../domain/ticket/defaults';
import { newEshopBody } from './eshopBody';
import { EshopInputs } from './EshopInputs';

/**
 * New e-shop (admins) with the defaults of spec section 3, in the first project of the list; without an order
 * prefix unless one is typed (the server gives the next free one).
 */
export const EshopCreate = () => {
  const { viewer } = useViewer();
  const { projects } = useProjectRegister();
  const defaults = defaultEshop(projects[0]?.id ?? '');
  return (
    <AccessGuard action="create">
      <ItemCreate defaultValues={defaults} key={defaults.projectId} transform={newEshopBody}>
        <EshopInputs isAdmin={viewer?.isAdmin ?? false} mode="create" />
      </ItemCreate>
    </AccessGuard>
  );
};
