import {
  AutocompleteInput,
  DateTimeInput,
  ReferenceInput,
  SelectInput,
  useCanAccess,
  useGetResourceLabel,
} from 'react-admin';
import { RESOURCES } from '../../domain/resources';
import { userResource, type User } from '../../domain/schemas/user';
import { FilterGrid } from '../common/FilterGrid';
import { WholeIdFilterInput } from '../common/WholeIdFilterInput';

/** `Alice Adams (alice@example.com)` */
const userOption = (user: User) => `${user.displayName} (${user.email})`;

/** What is typed in the user picker: an e-mail once it holds an @, else a part of a name. */
const userSearch = (text: string) => (text.includes('@') ? { email: text } : { displayName: text });

/**
 * The audit screen's filters on the lists' grid: the resource (picked by its name in words, sent by its API name
 * as the audit trail records it), the user (picked by name or e-mail when the viewer may list users, else typed as
 * an id) and the time range. Reads and sets the filter of the list context around it.
 *
 * @example <ListContextProvider value={list}><AuditFilters /></ListContextProvider>
 */
export const AuditFilters = () => {
  const getResourceLabel = useGetResourceLabel();
  const { canAccess: listsUsers } = useCanAccess({ resource: userResource.route, action: 'list' });
  const resourceChoices = RESOURCES.map((resource) => ({
    id: resource.name,
    name: getResourceLabel(resource.route, 1),
  }));
  return (
    <FilterGrid
      filters={[
        <SelectInput
          key="resource"
          source="resource"
          label="app.audit.resource"
          choices={resourceChoices}
          translateChoice={false}
        />,
        listsUsers ? (
          <ReferenceInput key="userId" source="userId" reference={userResource.route}>
            <AutocompleteInput
              label="app.audit.userPicker"
              optionText={userOption}
              filterToQuery={userSearch}
            />
          </ReferenceInput>
        ) : (
          <WholeIdFilterInput key="userId" source="userId" label="app.audit.user" />
        ),
        <DateTimeInput key="from" source="from" label="app.audit.from" />,
        <DateTimeInput key="to" source="to" label="app.audit.to" />,
      ]}
    />
  );
};
