import { TextField } from '@mui/material';
import { useState } from 'react';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { useErrorMessages } from './useProblems';

const HTTPS = /^https:\/\/\S+$/;

/**
 * Is this a link Wallet opens? An https address without spaces; placeholders may fill its path.
 *
 * @example isHttpsAddress('http://example.com') // false
 */
export const isHttpsAddress = (text: string) => HTTPS.test(text);

/**
 * An https address of the pass.json (an event guide or airline link, an action's address): checked as it is
 * typed, and stored as typed; emptied, it is removed.
 *
 * @example <HttpsInput label="Bag policy" path="/bagPolicyURL" value={template.bagPolicyURL} onChange={set} />
 */
export const HttpsInput = ({
  label,
  path,
  value,
  onChange,
}: {
  label: string;
  path: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) => {
  const translate = useIosTranslate();
  const { readOnly } = useDesigner();
  const problems = useErrorMessages(path);
  const [touched, setTouched] = useState(false);
  const text = value ?? '';
  const notHttps = text !== '' && !isHttpsAddress(text);
  // while the first letters are typed ("htt") the address is not yet wrong
  const shownProblem =
    notHttps && (touched || !'https://'.startsWith(text)) ? translate('https') : problems[0];
  return (
    <TextField
      label={label}
      value={text}
      size="small"
      fullWidth
      type="url"
      placeholder="https://"
      error={shownProblem !== undefined}
      helperText={shownProblem}
      slotProps={{ input: { readOnly } }}
      onBlur={() => setTouched(true)}
      onChange={(event) => onChange(event.target.value.trim() || undefined)}
    />
  );
};
