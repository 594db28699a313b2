import { InputAdornment } from '@mui/material';
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
import { ProductTemplateNotes } from './ProductTemplateNotes';
import { ESHOP_RESOURCE } from './useProductEshop';
import { percentToVat, vatToPercent } from './vatPercent';

const percentAdornment = { input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } };

/** The Edit tab: e-shop, name, numbers, prices (VAT typed as a percentage) and templates. */
export const ProductBasicInputs = () => {
  const { templates } = useTemplateRegister();
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
      <TextInput source="name" />
      <BooleanInput source="active" />
      <NumberInput source="order" step={1} />
      <NumberInput source="maxItems" step={1} />
      <NumberInput source="maxEntries" step={1} />
      <NumberInput source="units" step={1} />
      <NumberInput source="priceWithoutVat" />
      <NumberInput
        source="vat"
        step={1}
        format={vatToPercent}
        parse={percentToVat}
        slotProps={percentAdornment}
      />
      <PriceWithVatField />
      <AutocompleteArrayInput
        source="templateIds"
        choices={templates.map((template) => ({ id: template.id, name: template.name }))}
        sx={{ minWidth: 320 }}
      />
      <ProductTemplateNotes />
    </>
  );
};
