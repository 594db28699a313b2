import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import { ESHOP_VERSIONS } from '../../../domain/ticket/eshopVersions';
import { ProjectInput } from '../../common/ProjectInput';
import { StorefrontLink } from './StorefrontLink';

const versionChoices = ESHOP_VERSIONS.map((version) => ({
  id: version.version,
  name: `${version.version} (${version.releasedAt}) ${version.description}`,
}));

/**
 * The Basic tab: the storefront's link (once the e-shop exists), name, project, order prefix, active, e-shop
 * version. A new e-shop's prefix is left empty: the server gives it the next free one.
 */
export const EshopBasicInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <>
    {mode === 'edit' && <StorefrontLink />}
    <TextInput source="name" />
    <ProjectInput source="projectId" />
    <TextInput
      source="orderPrefix"
      helperText={
        mode === 'create' ? 'app.ticket.eshop.orderPrefixNewHelp' : 'app.ticket.eshop.orderPrefixHelp'
      }
    />
    <BooleanInput source="active" />
    <SelectInput source="eshopVersion" choices={versionChoices} isRequired />
  </>
);
