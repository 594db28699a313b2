import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { FormControlLabel, Switch } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ReferenceField,
  TextField,
  TextInput,
  useStore,
  useTranslate,
} from 'react-admin';
import type { Template } from '../../../domain/schemas/template';
import { ProjectInput } from '../../common/ProjectInput';
import { ResourceList, ResourceListActions } from '../../common/ResourceList';
import { RowEditButton } from '../../common/RowEditButton';
import { useRowAccess } from '../../common/useRowAccess';
import { useViewer } from '../../common/useViewer';

const SHOW_VALIDITY_KEY = 'passes/template.list.showValidity';

const templateFilters = [
  <TextInput key="name" source="name" />,
  <ProjectInput key="projectId" source="projectId" />,
];

/** Admins only: a switch that adds the validity column. */
const ValidityToggle = () => {
  const translate = useTranslate();
  const [showValidity, setShowValidity] = useStore(SHOW_VALIDITY_KEY, false);
  return (
    <FormControlLabel
      control={<Switch checked={showValidity} onChange={(event) => setShowValidity(event.target.checked)} />}
      label={translate('app.template.showValidity')}
    />
  );
};

const Validity = ({ template }: { template: Template }) => {
  const translate = useTranslate();
  return template.valid ? (
    <CheckIcon color="success" titleAccess={translate('app.template.valid')} />
  ) : (
    <CloseIcon color="error" titleAccess={translate('app.template.invalid')} />
  );
};

/**
 * Templates: name, project, certificate (by name for admins, who alone may read certificates; by id
 * for others) and, when an admin switches it on, whether each template validates.
 */
export const TemplateList = () => {
  const { viewer } = useViewer();
  const isAdmin = viewer?.isAdmin === true;
  const canEdit = useRowAccess('update');
  const [showValidity] = useStore(SHOW_VALIDITY_KEY, false);
  return (
    <ResourceList
      filters={templateFilters}
      actions={<ResourceListActions hasCreate extra={isAdmin ? <ValidityToggle /> : null} />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <ReferenceField source="projectId" reference="identity/project" link={false} emptyText="—">
          <TextField source="name" />
        </ReferenceField>
        {isAdmin ? (
          <ReferenceField
            source="certificateId"
            reference="passes/certificate"
            label="resources.passes/template.fields.certificateName"
            link={false}
            emptyText="—"
            sortable={false}
          >
            <TextField source="name" />
          </ReferenceField>
        ) : (
          <TextField
            source="certificateId"
            label="resources.passes/template.fields.certificateName"
            emptyText="—"
            sortable={false}
          />
        )}
        {isAdmin && showValidity && (
          <FunctionField<Template>
            source="valid"
            sortable={false}
            render={(template) => <Validity template={template} />}
          />
        )}
        <RowEditButton canEdit={canEdit} />
      </Datagrid>
    </ResourceList>
  );
};
