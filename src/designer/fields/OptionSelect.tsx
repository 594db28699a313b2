import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PropertyOption } from './fieldProperties';

export interface OptionSelectProps<T extends string> {
  label: string;
  value: T | undefined;
  options: readonly PropertyOption<T>[];
  onChange: (value: T | undefined) => void;
  disabled: boolean;
  /** the label of a first, empty choice that removes the property; none when the property is required */
  emptyLabel?: string;
}

/**
 * A select over a field property's stored values, labelled in the console's language.
 *
 * @example <OptionSelect label="Number style" value={field.numberStyle} options={NUMBER_STYLE_OPTIONS} onChange={setStyle} disabled={false} />
 */
export const OptionSelect = <T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  emptyLabel,
}: OptionSelectProps<T>) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : (event.target.value as T))}
      disabled={disabled}
      fullWidth
      size="small"
      margin="dense"
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {translate(option.labelKey)}
        </MenuItem>
      ))}
    </TextField>
  );
};
