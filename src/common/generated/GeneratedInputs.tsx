import type { TObject } from '@sinclair/typebox';
import { Labeled, useRecordContext } from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import { hintOf, type FieldHint } from '../../../domain/resourceUi';
import { useItemEdit } from '../ItemEditContext';
import { useViewer } from '../useViewer';
import { GeneratedInput } from './GeneratedInput';
import { schemaFields, type SchemaField } from './schemaFields';
import { NamedWidget } from './widgets';

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The fields of a page in order: its hints', else the write schema's then (on an item's page) the entity's others. */
function pageHints(
  descriptor: ResourceDescriptor,
  mode: 'create' | 'edit',
  writeSchema: TObject,
): FieldHint[] {
  const hinted = mode === 'create' ? descriptor.ui.create : descriptor.ui.page;
  if (hinted) return hinted.map(hintOf);
  const own = Object.keys(writeSchema.properties);
  const others =
    mode === 'edit' ? Object.keys(descriptor.schema.properties).filter((name) => !own.includes(name)) : [];
  // deletedAt is shown only on a deleted row (hidden when empty)
  return [...own, ...others].map((field) => ({ field, hiddenWhenEmpty: field === 'deletedAt' }));
}

/**
 * A form's inputs from a declaration: the fields its hints name, in their order (else one input per field of the
 * write schema, then on an item's page the entity's other fields). A field the write takes is an input, the others
 * read-only, every one read-only for a viewer who may not change the item; a field hinted `hiddenWhenEmpty` is left
 * out while the record has no value.
 *
 * @example <GeneratedInputs descriptor={projectResource} mode="edit" />
 */
export const GeneratedInputs = ({
  descriptor,
  mode,
  fields,
}: {
  descriptor: ResourceDescriptor;
  mode: 'create' | 'edit';
  /** these fields only (a tab's), instead of the page's */
  fields?: readonly (string | FieldHint)[];
}) => {
  const record = useRecordContext<Record<string, unknown>>();
  const { readOnly: viewerReadOnly } = useItemEdit();
  const isAdmin = useViewer().viewer?.isAdmin === true;
  const writeSchema: TObject = mode === 'create' ? descriptor.createSchema : descriptor.updateSchema;
  const { references } = descriptor;
  const writable = new Map(
    schemaFields(writeSchema, { writeOnly: true, references }).map((field) => [field.name, field]),
  );
  const readable = new Map(
    schemaFields(descriptor.schema, { references }).map((field) => [field.name, field]),
  );
  const hints = fields?.map((hint) => hintOf(hint)) ?? pageHints(descriptor, mode, writeSchema);
  return (
    <>
      {hints.map((hint) => {
        const field: SchemaField | undefined = writable.get(hint.field) ?? readable.get(hint.field);
        if (!field) return null;
        if (mode === 'edit' && hint.hiddenWhenEmpty && isEmpty(record?.[hint.field])) return null;
        const readOnly =
          viewerReadOnly ||
          !writable.has(hint.field) ||
          hint.readOnly === 'always' ||
          (hint.readOnly === 'unlessAdmin' && !isAdmin);
        // a widget that edits its field draws its own label (and follows the viewer's rights); one that shows it
        // gets the field's
        if (hint.widget && writable.has(hint.field))
          return <NamedWidget key={hint.field} name={hint.widget} source={hint.field} />;
        if (hint.widget)
          return (
            <Labeled key={hint.field} source={hint.field}>
              <NamedWidget name={hint.widget} source={hint.field} />
            </Labeled>
          );
        return <GeneratedInput key={hint.field} field={field} hint={hint} readOnly={readOnly} />;
      })}
    </>
  );
};
