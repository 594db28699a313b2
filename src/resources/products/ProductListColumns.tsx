import { Box } from '@mui/material';
import { FunctionField, TextField, WrapperField } from 'react-admin';
import type { Product } from '../../../domain/schemas/product';
import type { WidgetProps } from '../../common/generated/widgets';
import { ProductContractFlag } from './ProductContractFlag';
import { vatToPercent } from '../../../domain/ticket/vat';

/** The list's name column: the name, flagged when its templates cannot issue its tickets. */
export const ProductNameColumn = (props: WidgetProps) => (
  <WrapperField {...props} source="name" sortBy="name">
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <TextField source="name" />
      <ProductContractFlag />
    </Box>
  </WrapperField>
);

/** The list's VAT column: the stored rate as a percentage (0.21 → 21 %). */
export const ProductVatColumn = (props: WidgetProps) => (
  <FunctionField<Product> {...props} source="vat" render={(product) => `${vatToPercent(product.vat)} %`} />
);
