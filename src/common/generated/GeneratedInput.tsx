import {
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useResourceContext,
  useTranslate,
  useTranslateLabel,
} from 'react-admin';
import { JsonInput } from '../JsonEditor';
import { ProjectInput } from '../ProjectInput';
import { useRequiredField } from '../validation/useRequiredField';
import type { SchemaField } from './schemaFields';

const toIso = (value: unknown) => {
  if (!value) return null;
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};

/**
 * The input of one schema field, by its shape; `readOnly` for fields the write does not take. A field with a text
 * under `resources.<route>.helpers.<field>` shows it under its input.
 */
export const GeneratedInput = ({ field, readOnly = false }: { field: SchemaField; readOnly?: boolean }) => {
  const resource = useResourceContext();
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const { name, shape } = field;
  const helper = readOnly ? '' : translate(`resources.${resource}.helpers.${name}`, { _: '' });
  // required fields are marked, and their choice lists offer no empty choice; the form's validator checks them
  const common = {
    source: name,
    readOnly,
    isRequired: useRequiredField(name) && !readOnly,
    defaultValue: field.defaultValue,
    ...(helper ? { helperText: helper } : {}),
  };
  switch (shape.kind) {
    case 'text':
    case 'uuid':
      return <TextInput {...common} multiline={shape.kind === 'text' && shape.multiline} />;
    case 'number':
      return <NumberInput {...common} step={shape.integer ? 1 : 'any'} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'choice':
      return (
        <SelectInput
          {...common}
          choices={shape.choices.map((choice) => ({ id: choice, name: String(choice) }))}
        />
      );
    case 'project':
      return <ProjectInput {...common} />;
    case 'reference':
      return (
        <ReferenceInput source={name} reference={shape.route}>
          <AutocompleteInput readOnly={readOnly} isRequired={common.isRequired} />
        </ReferenceInput>
      );
    case 'datetime':
      return <DateTimeInput {...common} parse={toIso} />;
    case 'json':
      return (
        <JsonInput
          source={name}
          label={String(translateLabel({ source: name, resource }))}
          readOnly={readOnly}
          allowNull={field.nullable}
          objectsOnly={false}
          minRows={4}
        />
      );
  }
};
