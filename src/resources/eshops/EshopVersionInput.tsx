import { SelectInput } from 'react-admin';
import { ESHOP_VERSIONS } from '../../../domain/ticket/eshopVersions';
import { useItemEdit } from '../../common/ItemEditContext';

const versionChoices = ESHOP_VERSIONS.map((version) => ({
  id: version.version,
  name: `${version.version} (${version.releasedAt}) ${version.description}`,
}));

/** The e-shop front's version, one of the versions list, named with its release date and what it brought. */
export const EshopVersionInput = () => (
  <SelectInput source="eshopVersion" choices={versionChoices} isRequired readOnly={useItemEdit().readOnly} />
);
