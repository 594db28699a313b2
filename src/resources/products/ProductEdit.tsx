import type { FieldValues } from 'react-hook-form';
import { AccessGuard } from '../../common/AccessGuard';
import { ItemEdit } from '../../common/ItemEdit';
import { useNotifyResult } from '../../common/useNotifyResult';
import { useViewer } from '../../common/useViewer';
import { productBody } from './productBody';
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
    // a value out of its range, or a template that cannot issue tickets, is told in its own words
    const title = problems.every((problem) => problem.sentence)
      ? 'app.ticket.product.problems'
      : 'app.messages.someRequired';
    notifyResult('error', title, {}, problems.map(describeProblem).join('; '));
    return false;
  };
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
