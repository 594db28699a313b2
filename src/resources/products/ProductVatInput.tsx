import { InputAdornment } from '@mui/material';
import { NumberInput } from 'react-admin';
import { PriceWithVatField } from './PriceWithVatField';
import { percentToVat, vatToPercent } from '../../../domain/ticket/vat';

const percentAdornment = { input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } };

/** The VAT typed as a percentage (stored as a rate), then the price with VAT it gives, computed as one types. */
export const ProductVatInput = () => (
  <>
    <NumberInput
      source="vat"
      step={1}
      format={vatToPercent}
      parse={percentToVat}
      slotProps={percentAdornment}
    />
    <PriceWithVatField />
  </>
);
