import type { TObject } from '@sinclair/typebox';
import { Labeled, useRecordContext } from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import { hintOf, type FieldHint } from '../../../domain/resourceUi';
import { useItemEdit } from '../ItemEditContext';
import { useViewer } from '../useViewer';
import { GeneratedInput } from './GeneratedInput';
import { schemaFieldAt, type SchemaField } from './schemaFields';
import { NamedWidget } from './widgets';

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The value at a dotted path of a record (`seller.email`). */
const valueAt = (record: Record<string, unknown> | undefined, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, part) =>
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined,
      record,
    );

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
 * A form's inputs from a declaration: the fields its hints name (a dotted path names a field inside an object
 * field), in their order (else one input per field of the write schema, then on an item's page the entity's other
 * fields); a New page leaves out what its create schema does not take. A field the write takes is an input, the others
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
  const hints = fields?.map((hint) => hintOf(hint)) ?? pageHints(descriptor, mode, writeSchema);
  return (
    <>
      {hints.map((hint) => {
        const written = schemaFieldAt(writeSchema, hint.field, { writeOnly: true, references });
        // a New page shows only what the create takes (and widgets); an item's page also what the entity has beside
        // (a widget also on a New page: it may show what the form's values give, a product's price with VAT)
        const field: SchemaField | undefined =
          written ??
          (mode === 'edit' || hint.widget
            ? schemaFieldAt(descriptor.schema, hint.field, { references })
            : undefined);
        if (!field) return null;
        if (mode === 'edit' && hint.hiddenWhenEmpty && isEmpty(valueAt(record, hint.field))) return null;
        const readOnly =
          viewerReadOnly ||
          !written ||
          hint.readOnly === 'always' ||
          (hint.readOnly === 'unlessAdmin' && !isAdmin);
        // a widget that edits its field draws its own label (and follows the viewer's rights); one that shows it
        // gets the field's
        if (hint.widget && written)
          return <NamedWidget key={hint.field} name={hint.widget} source={hint.field} />;
        if (hint.widget && hint.label === false)
          return <NamedWidget key={hint.field} name={hint.widget} source={hint.field} />;
        if (hint.widget)
          return (
            <Labeled key={hint.field} source={hint.field} label={hint.label}>
              <NamedWidget name={hint.widget} source={hint.field} />
            </Labeled>
          );
        const shown = mode === 'create' && hint.createHelper ? { ...hint, helper: hint.createHelper } : hint;
        return <GeneratedInput key={hint.field} field={field} hint={shown} readOnly={readOnly} />;
      })}
    </>
  );
};
