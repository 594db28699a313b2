import { Datagrid, FunctionField, NumberField, ReferenceManyField, TextField } from 'react-admin';
import type { OrderItem } from '../../../domain/schemas/orderItem';
import { DateTimeField } from '../../common/DateTimeField';

export const ORDER_ITEM_RESOURCE = 'ticket/ticketOrderItem';

/** The order's items: number, product, entries used/max, validity; a row opens the item. */
export const OrderItemsTab = () => (
  <ReferenceManyField reference={ORDER_ITEM_RESOURCE} target="orderId" perPage={100}>
    <Datagrid rowClick={(id) => `/${ORDER_ITEM_RESOURCE}/${id}`} bulkActionButtons={false}>
      <TextField source="itemNumber" emptyText="—" />
      <TextField source="product.name" />
      <FunctionField<OrderItem>
        source="entryCount"
        render={(item) => `${item.entryCount}/${item.product.maxEntries}`}
      />
      <NumberField source="discountedPrice" />
      <DateTimeField source="validFrom" />
      <DateTimeField source="validTo" />
    </Datagrid>
  </ReferenceManyField>
);
