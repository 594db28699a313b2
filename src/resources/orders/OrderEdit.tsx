import { ItemEdit } from '../../common/ItemEdit';
import { useViewer } from '../../common/useViewer';
import { OrderActionButtons } from './OrderActionButtons';
import { OrderInputs } from './OrderInputs';

/** An order's page: tabs; Invoice download, Save, Apply, Resend mail (the two only when paid), refresh payment state. */
export const OrderEdit = () => {
  const { viewer } = useViewer();
  return (
    <ItemEdit tabbed extra={<OrderActionButtons />}>
      <OrderInputs isAdmin={viewer?.isAdmin ?? false} />
    </ItemEdit>
  );
};
