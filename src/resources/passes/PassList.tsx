import {
  BooleanField,
  CreateButton,
  Datagrid,
  FunctionField,
  NumberField,
  TextField,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { useMemo } from 'react';
import type { Pass } from '../../../domain/schemas/pass';
import { DateTimeField } from '../../common/DateTimeField';
import { AccessGuard } from '../../common/AccessGuard';
import { ProjectNameField, ProjectNamesProvider } from '../../common/ProjectNameField';
import { ResourceList } from '../../common/ResourceList';
import { RowEditButton } from '../../common/RowEditButton';
import { useRowAccess } from '../../common/useRowAccess';
import { useViewer } from '../../common/useViewer';
import { useTemplateRegister } from '../templates/useTemplateRegister';
import { passFilters } from './passFilters';
import { PassExportButton } from './PassExportButton';
import { shortJson } from './passLinks';

/** New (global PASS_CREATE; at /passes/pass/new) and the spreadsheet export. */
const PassListActions = () => (
  <TopToolbar>
    <CreateButton label="app.action.new" to="/passes/pass/new" />
    <PassExportButton />
  </TopToolbar>
);

const actions = <PassListActions />;

/** Passes: project, template, dynamic data, devices, voided, created, updated; filters of spec section 2. */
export const PassList = () => (
  // the guard first: the filters read the template register
  <AccessGuard action="list">
    <PassListView />
  </AccessGuard>
);

const PassListView = () => {
  const { viewer } = useViewer();
  const { templates, canRead } = useTemplateRegister();
  const filters = useMemo(
    () => passFilters(viewer, canRead ? templates : null),
    [viewer, canRead, templates],
  );
  // Edit for whoever may change the pass; a reader opens it by its row
  const canEdit = useRowAccess('update');
  // the same rows element while the filters change (the template register answering): the rows do not render again
  const rows = useMemo(() => <PassRows canEdit={canEdit} />, [canEdit]);
  return (
    <ResourceList filters={filters} actions={actions}>
      {rows}
    </ResourceList>
  );
};

const PassRows = ({ canEdit }: { canEdit: (pass: RaRecord | undefined) => boolean }) => (
  <ProjectNamesProvider>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <ProjectNameField source="projectId" />
      {/* the server names the template with the pass, also for a viewer who may not read templates */}
      <TextField source="templateName" label="resources.passes/pass.fields.templateId" sortable={false} />
      <FunctionField<Pass>
        source="dynamicData"
        sortable={false}
        render={(pass) => shortJson(pass.dynamicData)}
      />
      <NumberField source="devices.total" label="resources.passes/pass.fields.devices" />
      <BooleanField source="voided" />
      <DateTimeField source="createdAt" />
      <DateTimeField source="updatedAt" />
      <RowEditButton canEdit={canEdit} />
    </Datagrid>
  </ProjectNamesProvider>
);
