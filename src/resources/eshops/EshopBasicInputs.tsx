import { BooleanInput, SelectInput, TextInput, maxLength, required, useTranslate } from 'react-admin';
import { ESHOP_VERSIONS } from '../../../domain/ticket/eshopVersions';
import { ProjectInput } from '../../common/ProjectInput';
import { mandatory } from '../../common/validators';

const versionChoices = ESHOP_VERSIONS.map((version) => ({
  id: version.version,
  name: `${version.version} (${version.releasedAt}) ${version.description}`,
}));

/** The Basic tab: name, project, order prefix, active, e-shop version. */
export const EshopBasicInputs = () => {
  const translate = useTranslate();
  return (
    <>
      <TextInput
        source="name"
        validate={[
          mandatory(translate('resources.ticket/ticketEshop.fields.name')),
          required(),
          maxLength(200),
        ]}
      />
      <ProjectInput source="projectId" validate={required()} />
      <TextInput source="orderPrefix" validate={required()} />
      <BooleanInput source="active" />
      <SelectInput source="eshopVersion" choices={versionChoices} validate={required()} />
    </>
  );
};
