import {
  AutocompleteArrayInput,
  BooleanInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import { useTemplateRegister } from '../templates/useTemplateRegister';
import { PriceWithVatField } from './PriceWithVatField';
import { ruleAt } from './productValidators';
import { ESHOP_RESOURCE } from './useProductEshop';

/** The Edit tab: e-shop, name, numbers, prices and templates. */
export const ProductBasicInputs = ({ locales }: { locales: readonly string[] }) => {
  const { templates } = useTemplateRegister();
  const rule = (field: string) => ruleAt(`/${field}`, locales);
  return (
    <>
      <ReferenceInput
        source="eshopId"
        reference={ESHOP_RESOURCE}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={1000}
      >
        <SelectInput optionText="name" />
      </ReferenceInput>
      <TextInput source="name" validate={rule('name')} />
      <BooleanInput source="active" />
      <NumberInput source="order" step={1} validate={rule('order')} />
      <NumberInput source="maxItems" step={1} validate={rule('maxItems')} />
      <NumberInput source="maxEntries" step={1} validate={rule('maxEntries')} />
      <NumberInput source="units" step={1} validate={rule('units')} />
      <NumberInput source="priceWithoutVat" validate={rule('priceWithoutVat')} />
      <NumberInput source="vat" step={0.01} validate={rule('vat')} />
      <PriceWithVatField />
      <AutocompleteArrayInput
        source="templateIds"
        choices={templates.map((template) => ({ id: template.id, name: template.name }))}
        validate={rule('templateIds')}
        sx={{ minWidth: 320 }}
      />
    </>
  );
};
