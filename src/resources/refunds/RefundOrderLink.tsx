import type { MouseEvent } from 'react';
import { LinkBase, useCanAccess, useRecordContext } from 'react-admin';
import type { Refund } from '../../../domain/schemas/refund';

const ORDER_RESOURCE = 'ticket/ticketOrder';

/** The refunded order's number, a link to the order for a viewer who may open it (an accountant may not). */
export const RefundOrderLink = (_props: { source?: string; label?: string }) => {
  const refund = useRecordContext<Refund>();
  const { canAccess } = useCanAccess({
    resource: ORDER_RESOURCE,
    action: 'edit',
    record: { projectId: refund?.projectId },
    enabled: Boolean(refund),
  });
  if (!refund) return null;
  if (!canAccess) return <span>{refund.orderNumber}</span>;
  return (
    <LinkBase
      to={`/${ORDER_RESOURCE}/${refund.orderId}`}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {refund.orderNumber}
    </LinkBase>
  );
};
