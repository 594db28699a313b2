import {
  Datagrid,
  WrapperField,
  useCanAccess,
  useResourceContext,
  useTranslate,
  useTranslateLabel,
} from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import { hintOf, type ColumnHint } from '../../../domain/resourceUi';
import { ResourceList } from '../ResourceList';
import { hasCreatePage } from './createPage';
import { columnOf } from './columns';
import { generatedFilters } from './generatedFilters';
import { schemaFields } from './schemaFields';
import { NamedWidget } from './widgets';

/** The columns a list shows: its hints', else every field but JSON documents and deletedAt, the representation first. */
function columnHints(descriptor: ResourceDescriptor): ColumnHint[] {
  if (descriptor.ui.list?.columns) return descriptor.ui.list.columns.map(hintOf);
  const fields = schemaFields(descriptor.schema, { references: descriptor.references }).filter(
    (field) => field.shape.kind !== 'json' && field.name !== 'deletedAt',
  );
  return [
    ...fields.filter((field) => field.name === descriptor.representation),
    ...fields.filter((field) => field.name !== descriptor.representation),
  ].map((field) => ({ field: field.name }));
}

/**
 * The list of a resource from its declaration: the hinted columns (sortable where the declaration sorts), the
 * hinted filters, its named actions on each row, New when it may be created. Every row opens its record: the
 * item's page, a form for a viewer who may change it and read-only for one who may not.
 *
 * @example <GeneratedList descriptor={projectResource} />
 */
export const GeneratedList = ({ descriptor }: { descriptor: ResourceDescriptor }) => {
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const { canAccess: canCreate = false } = useCanAccess({ action: 'create', resource });
  const { canAccess: canUpdate = false } = useCanAccess({ action: 'update', resource });
  const bulkActions = canUpdate ? (descriptor.ui.list?.bulkActions ?? []) : [];
  const rowActions = descriptor.ui.rowActions ?? descriptor.ui.actions ?? [];
  const translate = useTranslate();
  const filters = generatedFilters(
    descriptor,
    (source) => String(translateLabel({ source, resource })),
    translate,
  );
  const fields = new Map(
    schemaFields(descriptor.schema, { references: descriptor.references }).map((field) => [
      field.name,
      field,
    ]),
  );
  return (
    <ResourceList filters={filters} hasCreate={canCreate && hasCreatePage(descriptor)}>
      <Datagrid
        rowClick="edit"
        bulkActionButtons={
          bulkActions.length > 0 && (
            <>
              {bulkActions.map((name) => (
                <NamedWidget key={name} name={name} />
              ))}
            </>
          )
        }
      >
        {columnHints(descriptor).map((hint) =>
          columnOf(
            hint,
            fields.get(hint.field),
            descriptor.sortFields.includes(hint.field),
            descriptor.references,
          ),
        )}
        {rowActions.length > 0 && (
          <WrapperField label="app.action.actions" textAlign="right">
            {rowActions.map((name) => (
              <NamedWidget key={name} name={name} />
            ))}
          </WrapperField>
        )}
      </Datagrid>
    </ResourceList>
  );
};
