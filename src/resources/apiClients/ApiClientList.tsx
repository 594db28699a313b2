import { BooleanField, Datagrid, EditButton, TextField, TextInput } from 'react-admin';
import { DateTimeField } from '../../common/DateTimeField';
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
      <BooleanField source="isPublic" />
      <BooleanField source="active" />
      <DateTimeField source="createdAt" />
      <EditButton />
    </Datagrid>
  </ResourceList>
);
