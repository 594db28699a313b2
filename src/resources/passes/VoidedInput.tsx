import { Checkbox, FormControlLabel } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/** Voided, toggled by a checkbox (spec section 4): a voided pass can no longer be used. */
export const VoidedInput = ({ readOnly = false }: { readOnly?: boolean }) => {
  const translate = useTranslate();
  const { field } = useInput({ source: 'voided' });
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          disabled={readOnly}
        />
      }
      label={translate('resources.passes/pass.fields.voided')}
    />
  );
};
