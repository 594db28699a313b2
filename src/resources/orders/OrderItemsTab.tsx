import { Stack, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ReferenceManyField,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Order } from '../../../domain/schemas/order';
import type { OrderItem } from '../../../domain/schemas/orderItem';
import { DateTimeField } from '../../common/DateTimeField';
import { MoneyField } from '../../common/MoneyField';
import { useFormatMoney } from '../../common/useFormatMoney';

export const ORDER_ITEM_RESOURCE = 'ticket/ticketOrderItem';

/** The order's totals and items (number, product, entries used/max, price paid, validity); a row opens the item. */
export const OrderItemsTab = () => {
  const order = useRecordContext<Order>();
  const translate = useTranslate();
  const money = useFormatMoney();
  const total = (field: 'totalWithoutVat' | 'totalWithVat') =>
    order ? (
      <Typography variant="body2">
        {translate(`resources.ticket/ticketOrder.fields.${field}`)}:{' '}
        <strong>{money(Number(order[field]), order.currency)}</strong>
      </Typography>
    ) : null;
  return (
    <>
      <Stack direction="row" spacing={3} sx={{ mb: 1 }}>
        {total('totalWithoutVat')}
        {total('totalWithVat')}
      </Stack>
      <ReferenceManyField reference={ORDER_ITEM_RESOURCE} target="orderId" perPage={100}>
        <Datagrid rowClick={(id) => `/${ORDER_ITEM_RESOURCE}/${id}`} bulkActionButtons={false}>
          <TextField source="itemNumber" emptyText="—" />
          <TextField source="product.name" />
          <FunctionField<OrderItem>
            source="entryCount"
            render={(item) => `${item.entryCount}/${item.product.maxEntries}`}
          />
          <MoneyField source="discountedPrice" currency={order?.currency} />
          <DateTimeField source="validFrom" />
          <DateTimeField source="validTo" />
        </Datagrid>
      </ReferenceManyField>
    </>
  );
};
