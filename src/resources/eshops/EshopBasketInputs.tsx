import { NumberInput, TextInput } from 'react-admin';

/** The Basket tab: currency (letters and ISO number), most items and highest total of one order. */
export const EshopBasketInputs = () => (
  <>
    <TextInput source="currency" />
    <NumberInput source="currencyCode" step={1} />
    <NumberInput source="maxItems" step={1} />
    <NumberInput source="maxPriceWithVat" />
  </>
);
