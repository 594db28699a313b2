import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { priceWithVat } from '../../../domain/ticket/pricing';

/** priceWithoutVat + vat × priceWithoutVat, computed as one types; read-only. */
export const PriceWithVatField = () => {
  const translate = useTranslate();
  const [price, vat] = useWatch({ name: ['priceWithoutVat', 'vat'] }) as [unknown, unknown];
  const valid = typeof price === 'number' && typeof vat === 'number';
  return (
    <TextField
      label={translate('resources.ticket/ticketProduct.fields.priceWithVat')}
      value={valid ? String(priceWithVat(price, vat)) : ''}
      slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'priceWithVat' } }}
      size="small"
      sx={{ minWidth: 256, mb: 2 }}
    />
  );
};
