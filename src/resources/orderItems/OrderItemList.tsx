import {
  Datagrid,
  FunctionField,
  LinkBase,
  NumberField,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextField,
  TextInput,
  WrapperField,
} from 'react-admin';
import type { OrderItem } from '../../../domain/schemas/orderItem';
import { DateTimeField } from '../../common/DateTimeField';
import { RawViewButton } from '../../common/RawViewButton';
import { ResourceList } from '../../common/ResourceList';
import { paymentStateChoices } from '../orders/paymentStateChoices';
import { OrderItemLinks } from './OrderItemLinks';

const ESHOP_RESOURCE = 'ticket/ticketEshop';

const orderItemFilters = [
  <TextInput key="itemNumber" source="itemNumber" />,
  <TextInput key="orderNumber" source="orderNumber" />,
  <ReferenceInput key="eshopId" source="eshopId" reference={ESHOP_RESOURCE}>
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <SelectInput key="paymentState" source="paymentState" choices={paymentStateChoices} />,
];

/** Order items: entries used/max, number, e-shop, order (link), name, dates, serials, actions; CSV export. */
export const OrderItemList = () => (
  <ResourceList filters={orderItemFilters}>
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <FunctionField<OrderItem>
        source="entryCount"
        render={(item) => `${item.entryCount}/${item.product.maxEntries}`}
      />
      <TextField source="itemNumber" emptyText="—" />
      <ReferenceField source="eshopId" reference={ESHOP_RESOURCE} link={false} emptyText="—">
        <TextField source="name" />
      </ReferenceField>
      <FunctionField<OrderItem>
        source="orderNumber"
        render={(item) => <LinkBase to={`/ticket/ticketOrder/${item.orderId}`}>{item.orderNumber}</LinkBase>}
      />
      <TextField source="product.name" />
      <DateTimeField source="createdAt" />
      <DateTimeField source="validFrom" />
      <DateTimeField source="validTo" />
      <NumberField source="daySerial" emptyText="—" />
      <NumberField source="monthSerial" emptyText="—" />
      <NumberField source="yearSerial" emptyText="—" />
      <WrapperField label="app.image.actions">
        <RawViewButton />
        <OrderItemLinks />
      </WrapperField>
    </Datagrid>
  </ResourceList>
);
