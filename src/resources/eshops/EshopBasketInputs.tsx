import { NumberInput } from 'react-admin';
import { CurrencyInput } from './CurrencyInput';

/** The Basket tab: the currency (one picker for its letters and ISO number), most items and highest total of one order. */
export const EshopBasketInputs = () => (
  <>
    <CurrencyInput />
    <NumberInput source="maxItems" step={1} />
    <NumberInput source="maxPriceWithVat" />
  </>
);
