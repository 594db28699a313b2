import { Link } from '@mui/material';
import {
  Datagrid,
  EditButton,
  FunctionField,
  LinkBase,
  NumberField,
  ReferenceField,
  TextField,
  WrapperField,
} from 'react-admin';
import type { Order } from '../../../domain/schemas/order';
import { DateTimeField } from '../../common/DateTimeField';
import { MoneyField } from '../../common/MoneyField';
import { RawViewButton } from '../../common/RawViewButton';
import { ResourceList } from '../../common/ResourceList';
import { ESHOP_RESOURCE, orderFilters } from './orderFilters';
import { PaymentStateField } from './PaymentStateField';
import { RefreshPaymentStateButton } from './RefreshPaymentStateButton';

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** Orders: the columns of spec section 2, each row with raw view, refresh payment state and edit; CSV export. */
export const OrderList = () => (
  <ResourceList filters={orderFilters}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <ReferenceField source="eshopId" reference={ESHOP_RESOURCE} link={false} emptyText="—">
        <TextField source="name" />
      </ReferenceField>
      <FunctionField<Order>
        source="orderNumber"
        render={(order) => (
          <LinkBase to={`/ticket/ticketOrder/${order.id}`} onClick={stop}>
            {order.orderNumber}
          </LinkBase>
        )}
      />
      <NumberField source="yearSerial" />
      <FunctionField<Order>
        source="email"
        render={(order) => (
          <Link href={`mailto:${order.email}`} onClick={stop}>
            {order.email}
          </Link>
        )}
      />
      <MoneyField source="totalWithoutVat" />
      <MoneyField source="totalWithVat" />
      <DateTimeField source="createdAt" />
      <PaymentStateField source="paymentState" />
      <TextField source="paymentMethod" emptyText="—" />
      <WrapperField label="app.image.actions">
        <RawViewButton />
        <RefreshPaymentStateButton />
        <EditButton label="" />
      </WrapperField>
    </Datagrid>
  </ResourceList>
);
