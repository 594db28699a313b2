import {
  BooleanField,
  CreateButton,
  Datagrid,
  EditButton,
  FunctionField,
  NumberField,
  ReferenceField,
  TextField,
  TopToolbar,
} from 'react-admin';
import { useMemo } from 'react';
import type { Pass } from '../../../domain/schemas/pass';
import { DateTimeField } from '../../common/DateTimeField';
import { AccessGuard } from '../../common/AccessGuard';
import { ResourceList } from '../../common/ResourceList';
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
  return (
    <ResourceList filters={filters} actions={<PassListActions />}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <ReferenceField source="projectId" reference="identity/project" link={false} emptyText="—">
          <TextField source="name" />
        </ReferenceField>
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
        <EditButton />
      </Datagrid>
    </ResourceList>
  );
};
