import { ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { paymentStateChoices } from './paymentStateChoices';

export const ESHOP_RESOURCE = 'ticket/ticketEshop';

/** Filters of the order list (spec section 2): e-shop, payment state, order number, email. */
export const orderFilters = [
  <ReferenceInput key="eshopId" source="eshopId" reference={ESHOP_RESOURCE}>
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <SelectInput key="paymentState" source="paymentState" choices={paymentStateChoices} />,
  <TextInput key="orderNumber" source="orderNumber" />,
  <TextInput key="email" source="email" />,
];
