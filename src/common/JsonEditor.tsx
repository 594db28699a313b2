import { TextField } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ValidationError, useInput, useTranslate, type InputProps } from 'react-admin';
import { parseJsonText, toJsonText, type JsonTextRules } from './jsonText';

export interface JsonEditorProps extends JsonTextRules {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  readOnly?: boolean;
  minRows?: number;
  /** a problem of the value itself (e.g. against a schema), shown when the text is valid JSON */
  problem?: ReactNode;
}

/**
 * A JSON text area (spec section 5): text that is not valid JSON marks an error and does not change the
 * value; a value changed elsewhere (another tab, a save) replaces the text.
 *
 * @example <JsonEditor label="Json" value={template} onChange={setTemplate} />
 */
export const JsonEditor = ({
  label,
  value,
  onChange,
  readOnly = false,
  minRows = 12,
  problem,
  ...rules
}: JsonEditorProps) => {
  const translate = useTranslate();
  const serialized = toJsonText(value);
  const [text, setText] = useState(serialized);
  const [error, setError] = useState<string | null>(null);
  const shown = useRef(serialized);

  useEffect(() => {
    if (serialized === shown.current) return;
    shown.current = serialized;
    setText(serialized);
    setError(null);
  }, [serialized]);

  const onText = (next: string) => {
    setText(next);
    const result = parseJsonText(next, rules);
    if (!result.ok) {
      setError(translate(result.error, result.args));
      return;
    }
    setError(null);
    shown.current = toJsonText(result.value);
    onChange(result.value);
  };

  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => onText(event.target.value)}
      error={Boolean(error || problem)}
      helperText={error ?? problem ?? ' '}
      multiline
      minRows={minRows}
      fullWidth
      slotProps={{
        input: { readOnly, sx: { fontFamily: 'monospace', fontSize: 13 } },
        htmlInput: { spellCheck: false },
      }}
    />
  );
};

const keep = (value: unknown) => value;

/**
 * A form field edited as JSON.
 *
 * @example <JsonInput source="saveToGooglePayObjectTemplate" allowNull />
 */
export const JsonInput = ({
  source,
  label,
  validate,
  readOnly,
  minRows,
  ...rules
}: Pick<InputProps, 'source' | 'validate' | 'readOnly'> &
  JsonTextRules & { label: string; minRows?: number }) => {
  // no formatting: react-admin would show null as '' (a JSON string)
  const { field, fieldState } = useInput({ source, validate, format: keep, parse: keep });
  const problem = fieldState.error?.message;
  return (
    <JsonEditor
      label={label}
      value={field.value}
      onChange={field.onChange}
      readOnly={readOnly}
      minRows={minRows}
      problem={problem ? <ValidationError error={problem} /> : undefined}
      {...rules}
    />
  );
};
