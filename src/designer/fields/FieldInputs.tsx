import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CURRENCY_CODES } from '../../../domain/template/currencies';
import type { FieldT } from '../../../domain/template/jsonTemplateSchema';
import { changeFieldType, FIELD_TYPES, fieldTypeOf, type FieldType } from '../designerRules';
import { ValueInput } from '../values/ValueInput';
import { BackTextInputs } from './BackTextInputs';
import { DateFieldInputs } from './DateFieldInputs';
import {
  ALIGNMENT_OPTIONS,
  isTextField,
  NUMBER_STYLE_OPTIONS,
  VALUE_KIND_OF,
  withProperty,
} from './fieldProperties';
import { OptionSelect } from './OptionSelect';

const TYPE_OPTIONS = FIELD_TYPES.map((type) => ({
  value: type,
  labelKey: `app.designer.fields.types.${type}`,
}));

export interface FieldInputsProps {
  field: FieldT;
  /** JSON pointer of the field in the pass.json: /storeCard/backFields/0 */
  fieldPath: string;
  /** on the back, a text field also has an attributed value and data detectors */
  backField: boolean;
  /** edits the field as it is in the template now */
  change: (edit: (field: FieldT) => FieldT) => void;
  disabled: boolean;
}

/**
 * Every property of a pass field, edited live: key (generated, read-only), label, type (a new type resets the
 * related properties, spec section 4), value, change message, text alignment, and what the type adds.
 *
 * @example <FieldInputs field={field} fieldPath="/storeCard/primaryFields/0" backField={false} change={change} disabled={false} />
 */
export const FieldInputs = ({ field, fieldPath, backField, change, disabled }: FieldInputsProps) => {
  const translate = useTranslate();
  const type = fieldTypeOf(field);
  const set = (name: string) => (value: unknown) => change((current) => withProperty(current, name, value));
  return (
    <>
      <TextField
        label={translate('app.designer.fields.key')}
        value={field.key}
        helperText={translate('app.designer.fields.keyHint')}
        fullWidth
        size="small"
        margin="dense"
        slotProps={{ input: { readOnly: true } }}
        disabled={disabled}
      />
      <ValueInput
        label={translate('app.designer.fields.label')}
        path={`${fieldPath}/label`}
        value={field.label}
        onChange={set('label')}
        kind="string"
        readOnly={disabled}
      />
      <OptionSelect<FieldType>
        label={translate('app.designer.fields.type')}
        value={type}
        options={TYPE_OPTIONS}
        onChange={(next) => next && change((current) => changeFieldType(current, next))}
        disabled={disabled}
      />
      <ValueInput
        label={translate('app.designer.fields.value')}
        path={`${fieldPath}/value`}
        value={field.value}
        onChange={set('value')}
        kind={VALUE_KIND_OF[type]}
        required
        readOnly={disabled}
      />
      <ValueInput
        label={translate('app.designer.fields.changeMessage')}
        path={`${fieldPath}/changeMessage`}
        value={field.changeMessage}
        onChange={set('changeMessage')}
        kind="string"
        fallbackRequired={false}
        helperText={translate('app.designer.fields.changeMessageHint')}
        readOnly={disabled}
      />
      <OptionSelect
        label={translate('app.designer.fields.textAlignment')}
        value={field.textAlignment}
        options={ALIGNMENT_OPTIONS}
        onChange={set('textAlignment')}
        disabled={disabled}
        emptyLabel={translate('app.designer.fields.alignments.unset')}
      />
      {'dateStyle' in field && <DateFieldInputs field={field} change={change} disabled={disabled} />}
      {'numberStyle' in field && (
        <OptionSelect
          label={translate('app.designer.fields.numberStyle')}
          value={field.numberStyle}
          options={NUMBER_STYLE_OPTIONS}
          onChange={set('numberStyle')}
          disabled={disabled}
        />
      )}
      {'currencyCode' in field && (
        <Autocomplete
          options={CURRENCY_CODES}
          value={field.currencyCode}
          onChange={(_event, code) => set('currencyCode')(code)}
          disableClearable
          disabled={disabled}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('app.designer.fields.currencyCode')}
              size="small"
              margin="dense"
            />
          )}
        />
      )}
      {backField && isTextField(field) && (
        <BackTextInputs field={field} fieldPath={fieldPath} change={change} disabled={disabled} />
      )}
    </>
  );
};
