import { NumberInput, TextInput, minValue, required } from 'react-admin';

/** The Basket tab: currency (letters and ISO number), most items and highest total of one order. */
export const EshopBasketInputs = () => (
  <>
    <TextInput source="currency" validate={required()} />
    <NumberInput source="currencyCode" step={1} validate={required()} />
    <NumberInput source="maxItems" step={1} validate={[required(), minValue(1)]} />
    <NumberInput source="maxPriceWithVat" validate={[required(), minValue(0)]} />
  </>
);
