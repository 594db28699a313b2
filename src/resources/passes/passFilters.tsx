import { AutocompleteInput, DateInput, SelectInput, TextInput } from 'react-admin';
import { access, Right, can, type RightsHolder } from '../../../domain/rights';
import type { Template } from '../../../domain/schemas/template';
import { isUuid } from '../../../domain/where';
import { ProjectInput } from '../../common/ProjectInput';

/** An id filter applies only once it is a whole id (a partial one would be refused by the API). */
export const anId = (value: unknown) =>
  value === null || value === undefined || value === '' || isUuid(value) ? undefined : 'app.pass.invalidId';

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
      <TextInput key="templateId" source="templateId" validate={anId} />
    ),
    <TextInput key="id" source="id" validate={anId} />,
    <TextInput key="dynamicData" source="dynamicData" />,
    <DateInput key="createdAt_from" source="createdAt_from" />,
    <DateInput key="createdAt_to" source="createdAt_to" />,
    <SelectInput key="devices" source="devices" choices={inWallet} />,
    <SelectInput key="downloads" source="downloads" choices={downloaded} />,
  ];
}
