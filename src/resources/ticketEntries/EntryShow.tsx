import { BooleanField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { DateTimeField } from '../../common/DateTimeField';
import { EntryResultField } from './EntryResultField';
import { ItemNumberField } from './ItemNumberField';

/** An entry's page (read-only: entries are kept as scanned): the list's columns, and the gate's id of an offline scan. */
export const EntryShow = () => (
  <Show title={false} actions={false}>
    <SimpleShowLayout>
      <DateTimeField source="at" />
      <TextField source="code" />
      <EntryResultField source="result" />
      <TextField source="productName" emptyText="—" />
      <ItemNumberField source="itemNumber" />
      <TextField source="entriesLeft" emptyText="—" />
      <TextField source="eshopName" emptyText="—" />
      <TextField source="userName" emptyText="—" />
      <TextField source="gate" emptyText="—" />
      <BooleanField source="offline" />
      <TextField source="clientId" emptyText="—" />
      <DateTimeField source="createdAt" />
    </SimpleShowLayout>
  </Show>
);
