import { AutocompleteInput, DateInput, SelectInput, TextInput } from 'react-admin';
import { access } from '../../../domain/consoleAreas';
import { Right, can, type RightsHolder } from '../../../domain/rights';
import type { Template } from '../../../domain/schemas/template';
import { ProjectInput } from '../../common/ProjectInput';
import { WholeIdFilterInput } from '../../common/WholeIdFilterInput';

const inWallet = [
  { id: 'some', name: 'app.pass.inWallet' },
  { id: 'none', name: 'app.pass.notInWallet' },
];
const downloaded = [
  { id: 'some', name: 'app.pass.downloaded' },
  { id: 'none', name: 'app.pass.notDownloaded' },
];

/**
 * The pass list's filters (spec section 2): project, template, id, dynamic data, created from and to,
 * devices (in wallet or not) and downloads (some or none). Templates are chosen by name when the viewer
 * may read them, else typed as an id.
 */
export function passFilters(viewer: RightsHolder | null, templates: readonly Template[] | null) {
  const readsPasses = (projectId: string) => (viewer ? can(viewer, Right.PASS_READ, projectId) : false);
  const templateChoices = (templates ?? [])
    .filter((template) => readsPasses(template.projectId))
    .map((template) => ({ id: template.id, name: template.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return [
    <ProjectInput key="projectId" source="projectId" only={(project) => readsPasses(project.id)} />,
    viewer && access.templates(viewer) ? (
      <AutocompleteInput key="templateId" source="templateId" choices={templateChoices} />
    ) : (
      <WholeIdFilterInput key="templateId" source="templateId" />
    ),
    <WholeIdFilterInput key="id" source="id" />,
    <TextInput key="dynamicData" source="dynamicData" />,
    <DateInput key="createdAt_from" source="createdAt_from" />,
    <DateInput key="createdAt_to" source="createdAt_to" />,
    <SelectInput key="devices" source="devices" choices={inWallet} />,
    <SelectInput key="downloads" source="downloads" choices={downloaded} />,
  ];
}
