import { BooleanField, Datagrid, EditButton, EmailField, TextField, TextInput } from 'react-admin';
import { DateTimeField } from '../../common/DateTimeField';
import { ResourceList } from '../../common/ResourceList';

const userFilters = [
  <TextInput key="displayName" source="displayName" />,
  <TextInput key="email" source="email" />,
];

export const UserList = () => (
  <ResourceList filters={userFilters} hasCreate>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="displayName" />
      <EmailField source="email" />
      <BooleanField source="isAdmin" />
      <DateTimeField source="createdAt" />
      <EditButton />
    </Datagrid>
  </ResourceList>
);
