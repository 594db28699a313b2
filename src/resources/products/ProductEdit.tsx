import type { FieldValues } from 'react-hook-form';
import { AccessGuard } from '../../common/AccessGuard';
import { ItemEdit } from '../../common/ItemEdit';
import { useNotifyResult } from '../../common/useNotifyResult';
import { useViewer } from '../../common/useViewer';
import { withNumberServiceConfig } from './numberServiceBody';
import { ProductInputs } from './ProductInputs';
import { describeProblem, useProductChecks } from './productValidation';

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
  const notifyResult = useNotifyResult();
  const { rules, problemsOf } = useProductChecks();
  const beforeSave = (values: FieldValues) => {
    const problems = problemsOf(values);
    if (problems.length === 0) return true;
    notifyResult('error', 'app.messages.someRequired', {}, problems.map(describeProblem).join('; '));
    return false;
  };
  return (
    <ItemEdit
      tabbed
      beforeSave={beforeSave}
      rules={rules}
      canDelete={viewer?.isAdmin ?? false}
      transform={withNumberServiceConfig}
    >
      <ProductInputs isAdmin={viewer?.isAdmin ?? false} />
    </ItemEdit>
  );
};
