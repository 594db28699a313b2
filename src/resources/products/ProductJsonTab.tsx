import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ProductWriteSchema } from '../../../domain/schemas/product';
import { JsonEditor } from '../../common/JsonEditor';

const WRITABLE = Object.keys(ProductWriteSchema.properties);

/** Admins: the product's writable fields as JSON, next to the schema they follow; a change revalidates once touched. */
export const ProductJsonTab = () => {
  const translate = useTranslate();
  const { setValue, trigger, formState } = useFormContext();
  const values = useWatch({ name: WRITABLE }) as unknown[];
  const product = Object.fromEntries(WRITABLE.map((field, index) => [field, values[index]]));
  const onChange = (next: unknown) => {
    const fields = next as Record<string, unknown>;
    for (const field of WRITABLE) setValue(field, fields[field], { shouldDirty: true });
    if (formState.isSubmitted || Object.keys(formState.touchedFields).length > 0) void trigger();
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2, width: '100%' }}>
      <JsonEditor label={translate('app.ticket.tab.json')} value={product} onChange={onChange} minRows={20} />
      <Box>
        <Typography variant="subtitle2">{translate('app.ticket.product.schema')}</Typography>
        <Box component="pre" sx={{ fontSize: 12, maxHeight: 480, overflow: 'auto', m: 0 }}>
          {JSON.stringify(ProductWriteSchema, null, 2)}
        </Box>
      </Box>
    </Box>
  );
};
