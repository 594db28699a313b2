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
} from 'react-admin';
import type { Product } from '../../../domain/schemas/product';
import { DateTimeField } from '../../common/DateTimeField';
import { ResourceList } from '../../common/ResourceList';
import { ESHOP_RESOURCE } from './useProductEshop';

const productFilters = [
  <ReferenceInput key="eshopId" source="eshopId" reference={ESHOP_RESOURCE} alwaysOn>
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <TextInput key="name" source="name" />,
];

/** Products, filtered by e-shop: name, e-shop, active, order, prices, updated. */
export const ProductList = () => (
  <ResourceList filters={productFilters} hasCreate>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <ReferenceField source="eshopId" reference={ESHOP_RESOURCE} link={false} emptyText="—">
        <TextField source="name" />
      </ReferenceField>
      <BooleanField source="active" />
      <NumberField source="order" />
      <NumberField source="priceWithoutVat" />
      <FunctionField<Product>
        source="vat"
        render={(product) => `${Math.round(product.vat * 10000) / 100} %`}
      />
      <NumberField source="priceWithVat" />
      <DateTimeField source="updatedAt" />
      <EditButton />
    </Datagrid>
  </ResourceList>
);
