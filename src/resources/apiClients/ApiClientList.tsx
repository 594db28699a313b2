import { BooleanField, Datagrid, DateField, EditButton, TextField, TextInput } from 'react-admin';
import { ResourceList } from '../../common/ResourceList';

const apiClientFilters = [
  <TextInput key="name" source="name" />,
  <TextInput key="clientId" source="clientId" />,
];

export const ApiClientList = () => (
  <ResourceList filters={apiClientFilters} hasCreate>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <TextField source="clientId" />
      <BooleanField source="active" />
      <DateField source="createdAt" showTime />
      <EditButton />
    </Datagrid>
  </ResourceList>
);
