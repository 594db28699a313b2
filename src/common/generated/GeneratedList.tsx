import { Datagrid, useCanAccess, useResourceContext, useTranslate, useTranslateLabel } from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import { hintOf, type ColumnHint } from '../../../domain/resourceUi';
import { EmptyListTable } from '../EmptyListTable';
import { ResourceList, ResourceListActions } from '../ResourceList';
import { hasCreatePage } from './createPage';
import { columnOf } from './columns';
import { generatedFilters } from './generatedFilters';
import { ACTIONS_LABEL, RowActions, useShownColumns } from './listParts';
import { schemaFields } from './schemaFields';
import { NamedWidget } from './widgets';

/** The columns a list shows: its hints', else every field but JSON documents and deletedAt, the representation first. */
function columnHints(descriptor: ResourceDescriptor): ColumnHint[] {
  if (descriptor.ui.list?.columns) return descriptor.ui.list.columns.map((hint) => hintOf(hint));
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
 * hinted filters, its named actions (and Edit) on each row; in its toolbar the switches of toggled columns, New when
 * it may be created and Export. Every row opens its record: the item's page, a form for a viewer who may change it
 * and read-only for one who may not.
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
  const { list = {} } = descriptor.ui;
  const { columns, switches } = useShownColumns(descriptor.route, columnHints(descriptor));
  const hasActions = rowActions.length > 0 || list.rowEdit !== undefined;
  // without rows, the table's headers and a line saying there is nothing
  const empty = [
    ...columns.map((hint) => ({ source: hint.field, label: hint.label })),
    ...(hasActions ? [{ label: ACTIONS_LABEL }] : []),
  ];
  const actions = (
    <ResourceListActions
      hasCreate={canCreate && hasCreatePage(descriptor)}
      extra={switches}
      exportButton={list.export && <NamedWidget name={list.export} />}
    />
  );
  return (
    <ResourceList filters={filters} actions={actions}>
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
        empty={<EmptyListTable columns={empty} />}
      >
        {columns.map((hint) =>
          columnOf(
            hint,
            fields.get(hint.field),
            descriptor.sortFields.includes(hint.field),
            descriptor.references,
          ),
        )}
        {hasActions && (
          <RowActions label={ACTIONS_LABEL} textAlign="right" names={rowActions} rowEdit={list.rowEdit} />
        )}
      </Datagrid>
    </ResourceList>
  );
};
