import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import { ESHOP_VERSIONS } from '../../../domain/ticket/eshopVersions';
import { ProjectInput } from '../../common/ProjectInput';

const versionChoices = ESHOP_VERSIONS.map((version) => ({
  id: version.version,
  name: `${version.version} (${version.releasedAt}) ${version.description}`,
}));

/** The Basic tab: name, project, order prefix, active, e-shop version. */
export const EshopBasicInputs = () => {
  return (
    <>
      <TextInput source="name" />
      <ProjectInput source="projectId" />
      <TextInput source="orderPrefix" />
      <BooleanInput source="active" />
      <SelectInput source="eshopVersion" choices={versionChoices} isRequired />
    </>
  );
};
