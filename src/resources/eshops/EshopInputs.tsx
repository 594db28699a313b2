import { useTranslate } from 'react-admin';
import { FormTabs, type FormTab } from '../../common/FormTabs';
import { JsonTab } from '../../common/JsonTab';
import { EshopBasicInputs } from './EshopBasicInputs';
import { EshopBasketInputs } from './EshopBasketInputs';
import { EshopEmailInputs } from './EshopEmailInputs';
import { EshopLocalizationInputs } from './EshopLocalizationInputs';
import { EshopSellerInputs } from './EshopSellerInputs';
import { EshopWysiwygTab } from './EshopWysiwygTab';

/** An e-shop's tabs, for New and Edit: Basic, Seller, Basket, Localization, Email; admins also Wysiwyg and Json. */
export const EshopInputs = ({ isAdmin, mode }: { isAdmin: boolean; mode: 'create' | 'edit' }) => {
  const translate = useTranslate();
  const label = (tab: string) => translate(`app.ticket.tab.${tab}`);
  const tabs: FormTab[] = [
    { key: 'basic', label: label('basic'), content: <EshopBasicInputs mode={mode} /> },
    { key: 'seller', label: label('seller'), content: <EshopSellerInputs /> },
    { key: 'basket', label: label('basket'), content: <EshopBasketInputs /> },
    { key: 'localization', label: label('localization'), content: <EshopLocalizationInputs /> },
    { key: 'email', label: label('email'), content: <EshopEmailInputs /> },
  ];
  if (isAdmin) {
    tabs.push({ key: 'wysiwyg', label: label('wysiwyg'), content: <EshopWysiwygTab />, lazy: true });
    tabs.push({
      key: 'json',
      label: label('json'),
      content: <JsonTab label={label('json')} />,
      lazy: true,
    });
  }
  return <FormTabs tabs={tabs} />;
};
