import { Box } from '@mui/material';
import { useDesigner } from '../DesignerContext';
import { StringValueInput } from './StringValueInput';
import { TypedValueInput } from './TypedValueInput';

export interface ValueInputProps {
  /** translated label */
  label: string;
  /** JSON pointer of the value inside the jsonTemplate, e.g. '/description' or '/storeCard/primaryFields/0/value'; problems under it are shown */
  path: string;
  /** the value as stored in the jsonTemplate: string, number, localised object {en:'…'}, or wrapped {type, value, fallback} */
  value: unknown;
  /** undefined removes the property */
  onChange: (value: unknown) => void;
  kind: 'string' | 'number' | 'date' | 'color';
  /** an empty text is an error ('Please fill value') */
  required?: boolean;
  /** default true; changeMessage is the exception: placeholders without a fallback */
  fallbackRequired?: boolean;
  readOnly?: boolean;
  helperText?: string;
  /** a text Wallet reads as data (a semantic tag): one text for every language, no per-language switch */
  singleLanguage?: boolean;
}

/**
 * A value of the pass.json in every form spec section 5 allows: a text (plain, per language, or with
 * `#{placeholders}` and a fallback), or a number, date or colour literal or a whole placeholder with a typed
 * fallback. Its problems (errors, warnings) show under the input they concern; what is typed is kept as typed.
 * The fallback is optional only where the validation says so (fallbackRequired false: the change message).
 *
 * @example <ValueInput label="Description" path="/description" value={jsonTemplate.description} onChange={setDescription} kind="string" required />
 */
export const ValueInput = ({
  label,
  path,
  value,
  onChange,
  kind,
  required = false,
  fallbackRequired = true,
  readOnly = false,
  helperText,
  singleLanguage = false,
}: ValueInputProps) => {
  const designer = useDesigner();
  const disabled = readOnly || designer.readOnly;
  const common = { label, path, value, onChange, required, fallbackRequired, disabled, helperText };
  return (
    <Box role="group" aria-label={label} sx={{ width: '100%' }}>
      {kind === 'string' ? (
        <StringValueInput {...common} singleLanguage={singleLanguage} />
      ) : (
        <TypedValueInput {...common} kind={kind} />
      )}
    </Box>
  );
};
