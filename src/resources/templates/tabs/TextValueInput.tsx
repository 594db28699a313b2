import { TextField, type SxProps, type Theme } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';

/**
 * A text of the pass.json: typed here while it is plain text; a text per language or a placeholder
 * with a fallback (an object) is shown read-only, as the Designer edits those.
 */
export const TextValueInput = ({
  source,
  label,
  readOnly,
  helperText,
  fullWidth,
  sx,
}: {
  source: string;
  label: string;
  readOnly?: boolean;
  helperText?: string;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}) => {
  const translate = useTranslate();
  const value: unknown = useWatch({ name: source });
  if (value !== null && typeof value === 'object') {
    return (
      <TextField
        label={translate(label)}
        value={JSON.stringify(value)}
        helperText={translate('app.template.editedInDesigner')}
        slotProps={{ input: { readOnly: true } }}
        fullWidth={fullWidth}
        sx={sx}
      />
    );
  }
  return (
    <TextInput
      source={source}
      label={label}
      readOnly={readOnly}
      helperText={helperText}
      fullWidth={fullWidth}
      sx={sx}
    />
  );
};
