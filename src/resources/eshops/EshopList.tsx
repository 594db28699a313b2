import {
  BooleanField,
  Datagrid,
  EditButton,
  ReferenceField,
  TextField,
  TextInput,
  WrapperField,
} from 'react-admin';
import { ProjectInput } from '../../common/ProjectInput';
import { RawViewButton } from '../../common/RawViewButton';
import { ResourceList } from '../../common/ResourceList';

const eshopFilters = [
  <TextInput key="name" source="name" />,
  <ProjectInput key="projectId" source="projectId" />,
];

/** E-shops: name, project, active, actions. */
export const EshopList = () => (
  <ResourceList filters={eshopFilters} hasCreate>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <ReferenceField source="projectId" reference="identity/project" link={false} emptyText="—">
        <TextField source="name" />
      </ReferenceField>
      <BooleanField source="active" />
      <WrapperField label="app.image.actions">
        <RawViewButton />
        <EditButton label="" />
      </WrapperField>
    </Datagrid>
  </ResourceList>
);
