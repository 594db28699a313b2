import { InputAdornment } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useResourceContext,
  useTranslate,
  useTranslateLabel,
} from 'react-admin';
import { percentToRate, rateToPercent } from '../../../domain/percent';
import type { FieldHint, InputKind } from '../../../domain/resourceUi';
import { languageChoices } from '../languageChoices';
import { JsonInput } from '../JsonEditor';
import { ProjectInput } from '../ProjectInput';
import { useRequiredField } from '../validation/useRequiredField';
import { choiceLabel } from './choiceLabels';
import { searchBy } from './referenceSearch';
import type { SchemaField } from './schemaFields';
import { SchemaFormInput } from './SchemaFormInput';

const toIso = (value: unknown) => {
  if (!value) return null;
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};

const percentSign = { input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } };

/** The input a field takes from its schema when its hint names none. */
function inputKindOf({ shape }: SchemaField): InputKind {
  switch (shape.kind) {
    case 'text':
      return shape.multiline ? 'multiline' : 'text';
    case 'uuid':
      return 'text';
    case 'project':
      return 'reference';
    default:
      return shape.kind;
  }
}

/**
 * The input of one schema field, by its hint or else its shape; `readOnly` for fields the write does not take. A
 * field with a helper (its hint's, else a text under `resources.<route>.helpers.<field>`) shows it under its input.
 */
export const GeneratedInput = ({
  field,
  hint = { field: field.name },
  readOnly = false,
}: {
  field: SchemaField;
  hint?: FieldHint;
  readOnly?: boolean;
}) => {
  const resource = useResourceContext();
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const { name, shape } = field;
  const helper = readOnly ? '' : translate(hint.helper ?? `resources.${resource}.helpers.${name}`, { _: '' });
  // required fields are marked, and their choice lists offer no empty choice; the form's validator checks them
  const common = {
    source: name,
    readOnly,
    isRequired: useRequiredField(name) && !readOnly,
    defaultValue: field.defaultValue,
    ...(helper ? { helperText: helper } : {}),
  };
  switch (hint.input ?? inputKindOf(field)) {
    case 'text':
      return <TextInput {...common} />;
    case 'multiline':
      return <TextInput {...common} multiline />;
    case 'email':
      return <TextInput {...common} type="email" />;
    case 'password':
      return <PasswordInput {...common} />;
    case 'number':
      return <NumberInput {...common} step={shape.kind === 'number' && shape.integer ? 1 : 'any'} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'percent':
      return (
        <NumberInput
          {...common}
          step={1}
          format={rateToPercent}
          parse={percentToRate}
          slotProps={percentSign}
        />
      );
    case 'language':
      return <AutocompleteInput {...common} choices={languageChoices} />;
    case 'languages':
      return (
        <AutocompleteArrayInput
          {...common}
          defaultValue={Array.isArray(common.defaultValue) ? common.defaultValue : undefined}
          choices={languageChoices}
          filterSelectedOptions
        />
      );
    case 'choice': {
      const choices = shape.kind === 'choice' ? shape.choices : [];
      const label = (choice: string | number) =>
        choiceLabel(translate, resource ?? '', name, choice, hint.labels);
      return (
        <SelectInput
          {...common}
          choices={choices.map((choice) => ({ id: choice, name: label(choice) }))}
          translateChoice={false}
        />
      );
    }
    case 'reference':
      if (shape.kind === 'project') return <ProjectInput {...common} />;
      if (shape.kind !== 'reference') return <TextInput {...common} />;
      return (
        <ReferenceInput source={name} reference={shape.route}>
          <AutocompleteInput
            readOnly={readOnly}
            isRequired={common.isRequired}
            filterToQuery={searchBy(shape.route)}
          />
        </ReferenceInput>
      );
    case 'datetime':
      return <DateTimeInput {...common} parse={toIso} />;
    case 'schemaForm':
      if (field.objectSchema)
        return <SchemaFormInput source={name} schema={field.objectSchema} readOnly={readOnly} />;
    // falls through: a field with no object schema is written as JSON
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
