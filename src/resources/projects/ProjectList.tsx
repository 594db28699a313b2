import { BooleanField, Datagrid, ReferenceField, TextField, TextInput, useCanAccess } from 'react-admin';
import { ResourceList } from '../../common/ResourceList';
import { RowEditButton } from '../../common/RowEditButton';
import { useRowAccess } from '../../common/useRowAccess';
import { ProjectActiveButtons } from './ProjectActiveButtons';

const projectFilters = [<TextInput key="name" source="name" />];

/** Projects: name, parent (by name), active; selected ones can be activated or deactivated together. */
export const ProjectList = () => {
  const { canAccess: canUpdate } = useCanAccess({ action: 'update', resource: 'identity/project' });
  const canEdit = useRowAccess('update');
  return (
    <ResourceList filters={projectFilters} hasCreate>
      <Datagrid rowClick="edit" bulkActionButtons={canUpdate ? <ProjectActiveButtons /> : false}>
        <TextField source="name" />
        <ReferenceField source="parentId" reference="identity/project" link={false} emptyText="—">
          <TextField source="name" />
        </ReferenceField>
        <BooleanField source="active" />
        <RowEditButton canEdit={canEdit} />
      </Datagrid>
    </ResourceList>
  );
};
