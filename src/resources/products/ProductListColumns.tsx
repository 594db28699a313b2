import { Box } from '@mui/material';
import { TextField, WrapperField } from 'react-admin';
import type { WidgetProps } from '../../common/generated/widgets';
import { ProductContractFlag } from './ProductContractFlag';

/** The list's name column: the name, flagged when its templates cannot issue its tickets. */
export const ProductNameColumn = (props: WidgetProps) => (
  <WrapperField {...props} source="name" sortBy="name">
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <TextField source="name" />
      <ProductContractFlag />
    </Box>
  </WrapperField>
);
