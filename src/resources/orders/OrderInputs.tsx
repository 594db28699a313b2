import { TextInput, useTranslate } from 'react-admin';
import { FormTabs, type FormTab } from '../../common/FormTabs';
import { JsonTab } from '../../common/JsonTab';
import { OrderItemsTab } from './OrderItemsTab';

/** An order's tabs: its items, Edit (the customer's email), and for admins JSON. */
export const OrderInputs = ({ isAdmin }: { isAdmin: boolean }) => {
  const translate = useTranslate();
  const label = (tab: string) => translate(`app.ticket.tab.${tab}`);
  const tabs: FormTab[] = [
    { key: 'items', label: label('items'), content: <OrderItemsTab /> },
    {
      key: 'edit',
      label: label('edit'),
      content: <TextInput source="email" />,
    },
  ];
  if (isAdmin) tabs.push({ key: 'json', label: label('json'), content: <JsonTab label={label('json')} /> });
  return <FormTabs tabs={tabs} />;
};
