import { Stack, TextField } from '@mui/material';
import type { FieldT } from '../../../domain/template/jsonTemplateSchema';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { ValueInput } from '../values/ValueInput';
import { ListItems } from './ListItems';
import { withItemChange, withoutItem } from './templateEdits';
import { useErrorMessages } from './useProblems';

/**
 * A key no field of the list has yet, named after the list: info1, info2, …
 *
 * @example newKeyIn([{ key: 'info1', value: '' }], 'info') // 'info2'
 */
export function newKeyIn(fields: readonly FieldT[], prefix: string): string {
  const used = new Set(fields.map((field) => field.key));
  let number = 1;
  while (used.has(`${prefix}${number}`)) number += 1;
  return `${prefix}${number}`;
}

const FieldInputs = ({
  path,
  field,
  onChange,
}: {
  path: string;
  field: FieldT;
  onChange: (change: Record<string, unknown>) => void;
}) => {
  const translate = useIosTranslate();
  const { readOnly } = useDesigner();
  const keyProblems = useErrorMessages(`${path}/key`);
  // a date, number or amount keeps its kind: only its texts are edited here
  const kind =
    'dateStyle' in field ? 'date' : 'numberStyle' in field || 'currencyCode' in field ? 'number' : 'string';
  return (
    <Stack spacing={1}>
      <TextField
        label={translate('fields.key')}
        value={field.key}
        size="small"
        required
        error={keyProblems.length > 0}
        helperText={keyProblems[0]}
        slotProps={{ input: { readOnly } }}
        onChange={(event) => onChange({ key: event.target.value.trim() })}
      />
      <ValueInput
        label={translate('fields.label')}
        path={`${path}/label`}
        value={field.label}
        onChange={(label) => onChange({ label })}
        kind="string"
        readOnly={readOnly}
      />
      <ValueInput
        label={translate('fields.value')}
        path={`${path}/value`}
        value={field.value}
        onChange={(value) => onChange({ value: value ?? '' })}
        kind={kind}
        required
        readOnly={readOnly}
      />
    </Stack>
  );
};

/**
 * A list of fields edited as a list (a poster's areas, additional info, an upcoming event's back fields): key,
 * label and value of each, added (as text fields) and removed, up to `max`.
 *
 * @example <FieldListInputs title="Footer field" path="/posterGeneric/footerFields" fields={poster.footerFields} max={1} keyPrefix="footer" onChange={setFooter} />
 */
export const FieldListInputs = ({
  title,
  path,
  fields,
  max = 50,
  keyPrefix,
  onChange,
}: {
  title: string;
  path: string;
  fields: readonly FieldT[] | undefined;
  max?: number;
  keyPrefix: string;
  /** undefined once the list is empty */
  onChange: (fields: FieldT[] | undefined) => void;
}) => {
  const translate = useIosTranslate();
  const list = fields ?? [];
  return (
    <ListItems
      title={title}
      path={path}
      count={list.length}
      max={max}
      itemName={(number) => `${title}: ${translate('fields.field', { number })}`}
      addLabel={`${translate('fields.add')} (${title})`}
      onAdd={() => onChange([...list, { key: newKeyIn(list, keyPrefix), value: '' }])}
      onRemove={(index) => onChange(withoutItem(list, index))}
      renderItem={(index) => (
        <FieldInputs
          path={`${path}/${index}`}
          field={list[index]}
          onChange={(change) => onChange(withItemChange(list, index, change))}
        />
      )}
    />
  );
};
