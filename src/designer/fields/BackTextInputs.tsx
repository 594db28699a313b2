import { Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FieldT } from '../../../domain/template/jsonTemplateSchema';
import { ValueInput } from '../values/ValueInput';
import { DETECTOR_OPTIONS, withAttributedValue, withProperty, type TextFieldT } from './fieldProperties';

/**
 * What only a text field on the back has: an attributed value (text with links; one made of plain links also
 * sets the value to 'label: url') and the data detectors (none selected removes the property).
 *
 * @example <BackTextInputs field={field} fieldPath="/storeCard/backFields/0" change={change} disabled={false} />
 */
export const BackTextInputs = ({
  field,
  fieldPath,
  change,
  disabled,
}: {
  field: TextFieldT;
  fieldPath: string;
  change: (edit: (field: FieldT) => FieldT) => void;
  disabled: boolean;
}) => {
  const translate = useTranslate();
  const detectors: string[] = field.dataDetectorTypes ? [...field.dataDetectorTypes] : [];
  const labelOf = (value: string) =>
    translate(DETECTOR_OPTIONS.find((option) => option.value === value)?.labelKey ?? value);
  return (
    <>
      <ValueInput
        label={translate('app.designer.fields.attributedValue')}
        path={`${fieldPath}/attributedValue`}
        value={field.attributedValue}
        onChange={(attributed) => change((current) => withAttributedValue(current, attributed))}
        kind="string"
        helperText={translate('app.designer.fields.attributedValueHint')}
        readOnly={disabled}
      />
      <TextField
        select
        label={translate('app.designer.fields.dataDetectorTypes')}
        value={detectors}
        onChange={(event) => {
          // MUI's multiple select gives a list, though its event is typed with the field's value (a text)
          const chosen = event.target.value as unknown as string[] | string;
          const list = typeof chosen === 'string' ? chosen.split(',') : chosen;
          const ordered = DETECTOR_OPTIONS.map((option) => option.value).filter((value) =>
            list.includes(value),
          );
          change((current) =>
            withProperty(current, 'dataDetectorTypes', ordered.length > 0 ? ordered : undefined),
          );
        }}
        disabled={disabled}
        fullWidth
        size="small"
        margin="dense"
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) => (selected as string[]).map(labelOf).join(', '),
          },
        }}
      >
        {DETECTOR_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <Checkbox checked={detectors.includes(option.value)} size="small" />
            <ListItemText primary={translate(option.labelKey)} />
          </MenuItem>
        ))}
      </TextField>
    </>
  );
};
