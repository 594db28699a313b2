import { BooleanInput, SelectInput, TextInput, required } from 'react-admin';
import { ESHOP_VERSIONS } from '../../../domain/ticket/eshopVersions';
import { ProjectInput } from '../../common/ProjectInput';

const versionChoices = ESHOP_VERSIONS.map((version) => ({
  id: version.version,
  name: `${version.version} (${version.releasedAt}) ${version.description}`,
}));

/** The Basic tab: name, project, order prefix, active, e-shop version. */
export const EshopBasicInputs = () => (
  <>
    <TextInput source="name" validate={required()} />
    <ProjectInput source="projectId" validate={required()} />
    <TextInput source="orderPrefix" validate={required()} />
    <BooleanInput source="active" />
    <SelectInput source="eshopVersion" choices={versionChoices} validate={required()} />
  </>
);
