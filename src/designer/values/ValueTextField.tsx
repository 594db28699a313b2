import { InputAdornment, TextField } from '@mui/material';
import type { ReactNode, Ref } from 'react';
import type { InputProblems } from './inputProblems';

export interface ValueTextFieldProps {
  label: string;
  text: string;
  onText: (text: string) => void;
  problems: InputProblems;
  disabled: boolean;
  helperText?: string;
  /** a native picker or a swatch at the end of the input */
  adornment?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onFocus?: () => void;
}

/**
 * One text input of a value: errors in red as its helper text, warnings (such as 'contains non valid link')
 * in the warning colour, else the hint.
 *
 * @example <ValueTextField label="Fallback" text={text} onText={setText} problems={NO_PROBLEMS} disabled={false} />
 */
export const ValueTextField = ({
  label,
  text,
  onText,
  problems,
  disabled,
  helperText,
  adornment,
  inputRef,
  onFocus,
}: ValueTextFieldProps) => {
  const hasError = problems.errors.length > 0;
  const hasWarning = !hasError && problems.warnings.length > 0;
  const shownHelp = hasError
    ? problems.errors.join(' · ')
    : hasWarning
      ? problems.warnings.join(' · ')
      : helperText;
  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => onText(event.target.value)}
      onFocus={onFocus}
      error={hasError}
      color={hasWarning ? 'warning' : undefined}
      helperText={shownHelp}
      disabled={disabled}
      inputRef={inputRef}
      fullWidth
      size="small"
      margin="dense"
      slotProps={{
        formHelperText: hasWarning ? { sx: { color: 'warning.main' } } : undefined,
        input: adornment
          ? { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> }
          : undefined,
      }}
    />
  );
};
