import type { MouseEvent } from 'react';
import { LinkBase, useCanAccess, useRecordContext } from 'react-admin';
import type { TicketEntry } from '../../../domain/schemas/ticketEntry';

const ORDER_ITEM_RESOURCE = 'ticket/ticketOrderItem';

/** The scanned ticket's item number, a link to the order item when the viewer may open it; — without a ticket. */
export const ItemNumberField = (_props: { source?: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext<TicketEntry>();
  const { canAccess } = useCanAccess({
    resource: ORDER_ITEM_RESOURCE,
    action: 'edit',
    record: { projectId: record?.projectId ?? undefined },
    enabled: Boolean(record?.orderItemId),
  });
  if (!record?.orderItemId) return <span>—</span>;
  const number = record.itemNumber ?? record.orderItemId;
  if (!canAccess) return <span>{number}</span>;
  return (
    <LinkBase
      to={`/${ORDER_ITEM_RESOURCE}/${record.orderItemId}`}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {number}
    </LinkBase>
  );
};
