import { TextField, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useErrorMessages } from './useProblems';

const textOf = (value: number | undefined) => (value === undefined ? '' : String(value));

/** The number a text means (a decimal comma too), or undefined when it means none. */
export function numberOf(text: string, integer: boolean): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return undefined;
  const number = Number(trimmed);
  if (!Number.isFinite(number) || (integer && !Number.isInteger(number))) return undefined;
  return number;
}

/**
 * A plain number of the pass.json (a coordinate, a distance, a beacon's major): typed as text and given to
 * onChange once it is a number; an empty input gives undefined (the property is removed). Problems of the
 * template at its path show under it.
 */
export const NumberTextField = ({
  label,
  path,
  value,
  onChange,
  integer = false,
  readOnly,
  sx,
}: {
  label: string;
  path: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  integer?: boolean;
  readOnly?: boolean;
  sx?: SxProps<Theme>;
}) => {
  const translate = useTranslate();
  const problems = useErrorMessages(path);
  const [text, setText] = useState(textOf(value));
  const [shown, setShown] = useState(value);
  // A change from elsewhere (the map, a style change) replaces the text; the user's own typing stays as typed.
  if (value !== shown) {
    setShown(value);
    if (numberOf(text, integer) !== value) setText(textOf(value));
  }
  const typedWrong = text.trim() !== '' && numberOf(text, integer) === undefined;
  const message = typedWrong
    ? translate(integer ? 'app.designer.inputs.notAnInteger' : 'app.designer.inputs.notANumber')
    : problems[0];

  return (
    <TextField
      label={label}
      value={text}
      size="small"
      error={Boolean(message)}
      helperText={message}
      sx={sx}
      slotProps={{ input: { readOnly }, htmlInput: { inputMode: integer ? 'numeric' : 'decimal' } }}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        const number = numberOf(typed, integer);
        if (typed.trim() === '') {
          setShown(undefined);
          onChange(undefined);
        } else if (number !== undefined) {
          setShown(number);
          onChange(number);
        }
      }}
    />
  );
};
