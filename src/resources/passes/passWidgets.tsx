import { AutocompleteInput, FunctionField } from 'react-admin';
import type { Pass } from '../../../domain/schemas/pass';
import type { WidgetProps, Widgets } from '../../common/generated/widgets';
import { useRowAccess } from '../../common/useRowAccess';
import { WholeIdFilterInput } from '../../common/WholeIdFilterInput';
import { useTemplateRegister } from '../templates/useTemplateRegister';
import { PassExportButton } from './PassExportButton';
import { PassImportButton } from './import/PassImportButton';
import { shortJson } from './passLinks';

/**
 * The template filter: a template by name (the register, of the projects whose passes the viewer reads) for a
 * viewer who may read templates, else its whole id typed.
 */
const PassTemplateFilter = ({ source = 'templateId' }: WidgetProps) => {
  const { templates, canRead } = useTemplateRegister();
  const readsPasses = useRowAccess('list');
  if (!canRead) return <WholeIdFilterInput source={source} />;
  const choices = templates
    .filter((template) => readsPasses({ id: template.id, projectId: template.projectId }))
    .map((template) => ({ id: template.id, name: template.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return <AutocompleteInput source={source} choices={choices} />;
};

/** The list's Import (a CSV file) and Export (a spreadsheet) side by side. */
const PassImportExportButtons = () => (
  <>
    <PassImportButton />
    <PassExportButton />
  </>
);

/**
 * The pieces of the passes' list: the dynamic data as compact JSON, the template filter, the import and the
 * spreadsheet export.
 */
export const passWidgets: Widgets = {
  fields: {
    passData: (props: WidgetProps) => (
      <FunctionField<Pass> {...props} render={(pass) => shortJson(pass.dynamicData)} />
    ),
    passTemplate: PassTemplateFilter,
    passExport: PassImportExportButtons,
  },
};
