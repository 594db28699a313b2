import { ReferenceField, ReferenceInput, SelectInput, TextField } from 'react-admin';
import type { WidgetProps } from '../../common/generated/widgets';
import { ESHOP_RESOURCE } from './useProductEshop';

/** The product's e-shop, chosen among the viewer's e-shops by name. */
export const ProductEshopInput = () => (
  <ReferenceInput
    source="eshopId"
    reference={ESHOP_RESOURCE}
    sort={{ field: 'name', order: 'ASC' }}
    perPage={1000}
  >
    <SelectInput optionText="name" />
  </ReferenceInput>
);

/** The list's column of the product's e-shop, by its name. */
export const ProductEshopColumn = (props: WidgetProps) => (
  <ReferenceField {...props} source="eshopId" reference={ESHOP_RESOURCE} link={false} emptyText="—">
    <TextField source="name" />
  </ReferenceField>
);

/** The list's filter by e-shop, by its name. */
export const ProductEshopFilter = (props: WidgetProps) => (
  <ReferenceInput {...props} source="eshopId" reference={ESHOP_RESOURCE}>
    <SelectInput optionText="name" />
  </ReferenceInput>
);
