import { Datagrid, EditButton, ReferenceField, TextField, TextInput } from 'react-admin';
import { DateTimeField } from '../../common/DateTimeField';
import { ProjectInput } from '../../common/ProjectInput';
import { RawViewButton } from '../../common/RawViewButton';
import { ResourceList } from '../../common/ResourceList';

const certificateFilters = [
  <ProjectInput key="projectId" source="projectId" />,
  <TextInput key="name" source="name" />,
  <TextInput key="passTypeId" source="passTypeId" />,
];

/** Certificates (admins only): project, name, pass type id, expiration. */
export const CertificateList = () => (
  <ResourceList filters={certificateFilters} hasCreate>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <ReferenceField source="projectId" reference="identity/project" link={false}>
        <TextField source="name" />
      </ReferenceField>
      <TextField source="name" />
      <TextField source="passTypeId" emptyText="—" />
      <DateTimeField source="expiration" />
      <RawViewButton />
      <EditButton />
    </Datagrid>
  </ResourceList>
);
