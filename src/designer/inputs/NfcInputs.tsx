import { FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { ValueInput } from '../values/ValueInput';
import { withKey, withProperty } from './templateEdits';
import { useErrorMessages } from './useProblems';

type Nfc = NonNullable<JsonTemplateT['nfc']>;

/** The pass's NFC payload (Value Added Services): its message, the reader's public key, whether it asks for Face ID. */
export const NfcInputs = () => {
  const translate = useIosTranslate();
  const { jsonTemplate, readOnly, update } = useDesigner();
  const nfc = jsonTemplate.nfc;
  const keyProblems = useErrorMessages('/nfc/encryptionPublicKey');
  const setNfc = (next: Nfc | undefined) => update((template) => withProperty(template, 'nfc', next));
  const change = (key: keyof Nfc, value: unknown) =>
    update((template) => {
      const next = withKey(template.nfc, key, value);
      // a payload without a message is no payload
      return withProperty(template, 'nfc', next && next.message !== undefined ? next : undefined);
    });
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate('nfc.help')}
      </Typography>
      <FormControlLabel
        disabled={readOnly}
        label={translate('nfc.enabled')}
        control={
          <Switch
            checked={nfc !== undefined}
            onChange={(event) => setNfc(event.target.checked ? { message: '' } : undefined)}
          />
        }
      />
      {nfc && (
        <>
          <ValueInput
            label={translate('nfc.message')}
            path="/nfc/message"
            value={nfc.message}
            onChange={(value) => change('message', value ?? '')}
            kind="string"
            singleLanguage
            required
            readOnly={readOnly}
          />
          <TextField
            label={translate('nfc.encryptionPublicKey')}
            value={nfc.encryptionPublicKey ?? ''}
            size="small"
            multiline
            error={keyProblems.length > 0}
            helperText={keyProblems[0]}
            slotProps={{ input: { readOnly } }}
            onChange={(event) => change('encryptionPublicKey', event.target.value.trim() || undefined)}
          />
          <FormControlLabel
            disabled={readOnly}
            label={translate('nfc.requiresAuthentication')}
            control={
              <Switch
                checked={nfc.requiresAuthentication === true}
                onChange={(event) => change('requiresAuthentication', event.target.checked || undefined)}
              />
            }
          />
        </>
      )}
    </>
  );
};
