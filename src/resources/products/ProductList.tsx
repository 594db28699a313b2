import { Box } from '@mui/material';
import {
  BooleanField,
  Datagrid,
  EditButton,
  FunctionField,
  NumberField,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextField,
  TextInput,
  WrapperField,
} from 'react-admin';
import type { Product } from '../../../domain/schemas/product';
import { DateTimeField } from '../../common/DateTimeField';
import { ResourceList } from '../../common/ResourceList';
import { ProductContractFlag } from './ProductContractFlag';
import { vatToPercent } from './vatPercent';
import { ESHOP_RESOURCE } from './useProductEshop';

const productFilters = [
  <ReferenceInput key="eshopId" source="eshopId" reference={ESHOP_RESOURCE} alwaysOn>
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <TextInput key="name" source="name" />,
];

/**
 * Products, filtered by e-shop: name (flagged when its templates cannot issue its tickets), e-shop, active, order,
 * prices, updated.
 */
export const ProductList = () => (
  <ResourceList filters={productFilters} hasCreate>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <WrapperField source="name" sortBy="name">
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <TextField source="name" />
          <ProductContractFlag />
        </Box>
      </WrapperField>
      <ReferenceField source="eshopId" reference={ESHOP_RESOURCE} link={false} emptyText="—">
        <TextField source="name" />
      </ReferenceField>
      <BooleanField source="active" />
      <NumberField source="order" />
      <NumberField source="priceWithoutVat" />
      <FunctionField<Product> source="vat" render={(product) => `${vatToPercent(product.vat)} %`} />
      <NumberField source="priceWithVat" />
      <DateTimeField source="updatedAt" />
      <EditButton />
    </Datagrid>
  </ResourceList>
);
