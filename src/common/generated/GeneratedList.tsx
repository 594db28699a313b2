import {
  BooleanField,
  Datagrid,
  NumberField,
  ReferenceField,
  TextField,
  useCanAccess,
  useResourceContext,
  useTranslateLabel,
} from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import { DateTimeField } from '../DateTimeField';
import { ResourceList } from '../ResourceList';
import { generatedFilters } from './generatedFilters';
import { schemaFields, type SchemaField } from './schemaFields';

/**
 * A row of another resource, named and linked; its id to a viewer who may not read that resource (gate staff read
 * no users), rather than an error.
 */
const ReferenceOrId = ({ source, route }: { source: string; route: string; sortable?: boolean }) => {
  const { canAccess } = useCanAccess({ resource: route, action: 'list' });
  if (canAccess === false) return <TextField source={source} />;
  return <ReferenceField source={source} reference={route} link="edit" />;
};

/** The column of a field, an element of Datagrid's own (it reads the columns' sources for its header). */
function columnOf(field: SchemaField, sortable: boolean) {
  const { name, shape } = field;
  switch (shape.kind) {
    case 'boolean':
      return <BooleanField key={name} source={name} sortable={sortable} />;
    case 'number':
      return <NumberField key={name} source={name} sortable={sortable} />;
    case 'datetime':
      return <DateTimeField key={name} source={name} sortable={sortable} />;
    case 'project':
      return (
        <ReferenceField
          key={name}
          source={name}
          reference="identity/project"
          link={false}
          sortable={sortable}
        >
          <TextField source="name" />
        </ReferenceField>
      );
    case 'reference':
      return <ReferenceOrId key={name} source={name} route={shape.route} sortable={sortable} />;
    default:
      return <TextField key={name} source={name} sortable={sortable} />;
  }
}

/** Fields a list shows: the representation first, then every other field but JSON documents and deletedAt. */
function columnsOf(descriptor: ResourceDescriptor): SchemaField[] {
  const fields = schemaFields(descriptor.schema, { references: descriptor.references }).filter(
    (field) => field.shape.kind !== 'json' && field.name !== 'deletedAt',
  );
  return [
    ...fields.filter((field) => field.name === descriptor.representation),
    ...fields.filter((field) => field.name !== descriptor.representation),
  ];
}

/**
 * The list of a resource declared without a list of its own: columns from its schema (the representation first;
 * sortable where the declaration sorts), filters from its filter fields, New when it may be created.
 *
 * @example <GeneratedList descriptor={projectResource} />
 */
export const GeneratedList = ({ descriptor }: { descriptor: ResourceDescriptor }) => {
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const filters = generatedFilters(descriptor, (source) => String(translateLabel({ source, resource })));
  return (
    <ResourceList filters={filters} hasCreate>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        {columnsOf(descriptor).map((field) => columnOf(field, descriptor.sortFields.includes(field.name)))}
      </Datagrid>
    </ResourceList>
  );
};
