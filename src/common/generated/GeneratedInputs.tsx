import type { TObject } from '@sinclair/typebox';
import type { ResourceDescriptor } from '../../../domain/resource';
import { GeneratedInput } from './GeneratedInput';
import { schemaFields } from './schemaFields';

/**
 * A form's inputs from a declaration: one input per field of the write schema; on an item's page (`mode` edit) the
 * other fields of the entity follow, read-only.
 *
 * @example <GeneratedInputs descriptor={projectResource} mode="edit" />
 */
export const GeneratedInputs = ({
  descriptor,
  mode,
}: {
  descriptor: ResourceDescriptor;
  mode: 'create' | 'edit';
}) => {
  const writeSchema: TObject = mode === 'create' ? descriptor.createSchema : descriptor.updateSchema;
  const { references } = descriptor;
  const writable = schemaFields(writeSchema, { writeOnly: true, references });
  const readOnly =
    mode === 'edit'
      ? schemaFields(descriptor.schema, { references }).filter(
          (field) => !(field.name in writeSchema.properties),
        )
      : [];
  return (
    <>
      {writable.map((field) => (
        <GeneratedInput key={field.name} field={field} />
      ))}
      {readOnly.map((field) => (
        <GeneratedInput key={field.name} field={field} readOnly />
      ))}
    </>
  );
};
