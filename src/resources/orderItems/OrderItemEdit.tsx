import { ItemEdit } from '../../common/ItemEdit';
import { useViewer } from '../../common/useViewer';
import { OrderItemInputs } from './OrderItemInputs';

/** An order item's page: the used entry count; Save and Apply. */
export const OrderItemEdit = () => {
  const { viewer } = useViewer();
  return (
    <ItemEdit tabbed>
      <OrderItemInputs isAdmin={viewer?.isAdmin ?? false} />
    </ItemEdit>
  );
};
