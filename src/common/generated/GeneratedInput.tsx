import {
  BooleanInput,
  DateTimeInput,
  NumberInput,
  SelectInput,
  TextInput,
  useResourceContext,
  useTranslateLabel,
} from 'react-admin';
import { JsonInput } from '../JsonEditor';
import { ProjectInput } from '../ProjectInput';
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
  switch (shape.kind) {
    case 'text':
    case 'uuid':
      return (
        <TextInput source={name} readOnly={readOnly} multiline={shape.kind === 'text' && shape.multiline} />
      );
    case 'number':
      return <NumberInput source={name} readOnly={readOnly} step={shape.integer ? 1 : 'any'} />;
    case 'boolean':
      return <BooleanInput source={name} readOnly={readOnly} />;
    case 'choice':
      return (
        <SelectInput
          source={name}
          readOnly={readOnly}
          choices={shape.choices.map((choice) => ({ id: choice, name: String(choice) }))}
          emptyText={field.nullable ? undefined : ''}
        />
      );
    case 'project':
      return <ProjectInput source={name} readOnly={readOnly} />;
    case 'datetime':
      return <DateTimeInput source={name} readOnly={readOnly} parse={toIso} />;
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
