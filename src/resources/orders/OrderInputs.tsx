import { TextInput, email, required, useTranslate } from 'react-admin';
import { OrderWriteSchema } from '../../../domain/schemas/order';
import { FormTabs, type FormTab } from '../../common/FormTabs';
import { OrderItemsTab } from './OrderItemsTab';
import { WritableJsonTab } from './WritableJsonTab';

const WRITABLE = Object.keys(OrderWriteSchema.properties);

/** An order's tabs: its items, Edit (the customer's email), and for admins JSON. */
export const OrderInputs = ({ isAdmin }: { isAdmin: boolean }) => {
  const translate = useTranslate();
  const label = (tab: string) => translate(`app.ticket.tab.${tab}`);
  const tabs: FormTab[] = [
    { key: 'items', label: label('items'), content: <OrderItemsTab /> },
    {
      key: 'edit',
      label: label('edit'),
      content: <TextInput source="email" validate={[required(), email()]} />,
    },
  ];
  if (isAdmin)
    tabs.push({ key: 'json', label: label('json'), content: <WritableJsonTab fields={WRITABLE} /> });
  return <FormTabs tabs={tabs} />;
};
