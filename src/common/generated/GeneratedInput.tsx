import {
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useResourceContext,
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

/** The input of one schema field, by its shape; `readOnly` for fields the write does not take. */
export const GeneratedInput = ({ field, readOnly = false }: { field: SchemaField; readOnly?: boolean }) => {
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const { name, shape } = field;
  // required fields are marked, and their choice lists offer no empty choice; the form's validator checks them
  const common = {
    source: name,
    readOnly,
    isRequired: useRequiredField(name) && !readOnly,
    defaultValue: field.defaultValue,
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
